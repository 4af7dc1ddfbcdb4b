/**
 * The state a page the server drew (app/http/first-view) was drawn from, as the JSON it put beside the
 * app's root, or undefined for a page the app draws itself.
 */
export const firstViewState = (root: HTMLElement): string | undefined =>
  root.hasAttribute("data-first-view")
    ? (document.getElementById("first-view-state")?.textContent ?? undefined)
    : undefined
