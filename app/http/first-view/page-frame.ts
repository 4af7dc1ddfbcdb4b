/** The mark, as web/src/components/ui/logo.tsx draws it. */
const logo = `<span class="inline-flex items-center gap-2.5"><svg viewBox="0 0 64 64" aria-hidden="true" class="h-9 w-9"><defs><linearGradient id="logo-gradient" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#a855f7"/><stop offset=".55" stop-color="#ec4899"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs><rect width="64" height="64" rx="16" fill="url(#logo-gradient)"/><g fill="#fff"><rect x="13" y="26" width="5" height="12" rx="2.5"/><rect x="22" y="18" width="5" height="28" rx="2.5"/><rect x="31" y="12" width="5" height="40" rx="2.5"/><rect x="40" y="20" width="5" height="24" rx="2.5"/><rect x="49" y="27" width="5" height="10" rx="2.5"/></g></svg><span class="font-display text-lg font-bold tracking-tight">Melody <span class="text-gradient">Studio</span></span></span>`

/** The primary button's look (web/src/components/ui/button.tsx), for links. */
export const buttonClass = (size: "sm" | "md") =>
  `inline-flex items-center justify-center font-semibold transition duration-150 select-none bg-stage text-white shadow-lg shadow-primary/25 hover:brightness-110 ${
    size === "sm" ? "h-8 px-3 text-sm gap-1.5 rounded-lg" : "h-10 px-4 text-sm gap-2 rounded-xl"
  }`

/**
 * A page as the app lays it out for a visitor (web/src/app/layout/main-layout.tsx): the header with the
 * way in, the page, the footer. Written with the app's own classes, so the app replaces it unseen.
 */
export const pageFrame = (main: string) =>
  `<div class="flex min-h-dvh flex-col"><header class="glass sticky top-0 z-30 border-b border-line/70"><div class="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6"><a href="/auth" aria-label="Melody Studio home" class="rounded-lg">${logo}</a><a href="/auth" class="${buttonClass("sm")}">Sign in</a></div></header><main class="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-12">${main}</main><footer class="border-t border-line/60 py-6 text-center text-xs text-faint"><span>Melody Studio · Songs from ideas</span><span class="mx-2">·</span><a href="/terms" class="hover:text-muted">Terms</a><span class="mx-2">·</span><a href="/privacy" class="hover:text-muted">Privacy</a></footer></div>`
