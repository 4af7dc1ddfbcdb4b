import { type ComponentType, use } from "react"

/** A page's code, loaded when first needed so that the first paint carries only the shell. */
export interface PageCode {
  /** The page, once its code has arrived. */
  readonly component: ComponentType | undefined
  /** Loads the page's code, once: a load that failed stays failed until the page is reloaded. */
  readonly load: () => Promise<void>
}

export const pageCode = (load: () => Promise<ComponentType>): PageCode => {
  let loading: Promise<void> | undefined
  const code: { component: ComponentType | undefined; load: () => Promise<void> } = {
    component: undefined,
    load: () => {
      // A failed load is kept: a render waiting on it must be handed the same failure to show the error.
      loading ??= load().then((component) => {
        code.component = component
      })
      return loading
    },
  }
  return code
}

/**
 * Draws a page, suspended until its code has arrived. Unlike `React.lazy`, a page loaded beforehand is
 * drawn in the same render: the app loads the arriving page before it starts (main.tsx), so it never
 * shows a fallback in place of a page the server drew.
 */
export const LazyPage = ({ code }: { readonly code: PageCode }) => {
  if (code.component === undefined) use(code.load())
  const Page = code.component
  return Page ? <Page /> : null
}
