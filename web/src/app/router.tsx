import type { QueryClient } from "@tanstack/react-query"
import type { ComponentType, ReactNode } from "react"
import { matchRoutes, type RouteObject, useRoutes } from "react-router"
import { songQuery } from "../features/song/song-queries.ts"
import { timelineQuery } from "../features/timeline/timeline-query.ts"
import { currentUserQuery } from "../lib/session.ts"
import { mySongsQuery } from "../lib/song-cache.ts"
import { RequireAdmin, RequireUser, VisitorsOnly } from "./guards.tsx"
import { MainLayout } from "./layout/main-layout.tsx"
import { LazyPage, type PageCode, type PageData, pageCode } from "./lazy-page.tsx"
import { NotFoundPage } from "./routes/not-found.tsx"

/** Each page's code and loader, by the element that draws it. */
const pages = new Map<ReactNode, { readonly code: PageCode; readonly data?: PageData }>()

/** A page loaded when first visited, so the first paint carries only the shell; `data` loads beside it. */
const lazyPage = (load: () => Promise<ComponentType>, data?: PageData) => {
  const code = pageCode(load)
  const element = <LazyPage code={code} {...(data ? { data } : {})} />
  pages.set(element, { code, ...(data ? { data } : {}) })
  return element
}

const page = (path: string, load: () => Promise<ComponentType>, data?: PageData): RouteObject => ({
  path,
  element: lazyPage(load, data),
})

/** A signed-in page's loader: nothing is asked for a visitor, whom the page's guard sends to sign in. */
const signedIn =
  (data: PageData): PageData =>
  async (page) =>
    (await page.queryClient.ensureQueryData(currentUserQuery)) ? data(page) : undefined

const routes: Array<RouteObject> = [
  {
    element: <MainLayout />,
    children: [
      {
        element: <VisitorsOnly />,
        children: [
          page("auth", () => import("../features/auth/auth-page.tsx").then((m) => m.AuthPage)),
        ],
      },
      page("verify-email", () =>
        import("../features/auth/verify-email-page.tsx").then((m) => m.VerifyEmailPage),
      ),
      page("email/:step", () =>
        import("../features/settings/email-link-page.tsx").then((m) => m.EmailLinkPage),
      ),
      page("forgot-password", () =>
        import("../features/auth/forgot-password-page.tsx").then((m) => m.ForgotPasswordPage),
      ),
      page("reset-password", () =>
        import("../features/auth/reset-password-page.tsx").then((m) => m.ResetPasswordPage),
      ),
      page("terms", () => import("../features/legal/terms-page.tsx").then((m) => m.TermsPage)),
      page("privacy", () =>
        import("../features/legal/privacy-page.tsx").then((m) => m.PrivacyPage),
      ),
      page("unsubscribe", () =>
        import("../features/notifications/unsubscribe-page.tsx").then((m) => m.UnsubscribePage),
      ),
      page("dev/mailbox", () =>
        import("../features/dev-mailbox/mailbox-page.tsx").then((m) => m.MailboxPage),
      ),
      page(
        "timeline",
        () => import("./routes/timeline-route.tsx").then((m) => m.TimelineRoute),
        ({ queryClient }) => queryClient.ensureInfiniteQueryData(timelineQuery),
      ),
      page("search", () => import("./routes/search-route.tsx").then((m) => m.SearchRoute)),
      page(
        "u/:username",
        () => import("./routes/creator-route.tsx").then((m) => m.CreatorRoute),
        async ({ queryClient, params }) => {
          const { creatorQuery, creatorSongsQuery } = await import(
            "../features/creators/creator-queries.ts"
          )
          const username = params.username ?? ""
          return Promise.all([
            queryClient.ensureQueryData(creatorQuery(username)),
            queryClient.ensureQueryData(creatorSongsQuery(username)),
          ])
        },
      ),
      page(
        "playlist/:id",
        () => import("./routes/playlist-route.tsx").then((m) => m.PlaylistRoute),
        async ({ queryClient, params }) => {
          if (params.id === undefined || params.id === "liked") return
          const { playlistQuery } = await import("../features/playlists/playlist-queries.ts")
          return queryClient.ensureQueryData(playlistQuery(params.id))
        },
      ),
      page(
        "song/:id",
        () => import("./routes/song-route.tsx").then((m) => m.SongRoute),
        ({ queryClient, params }) => queryClient.ensureQueryData(songQuery(params.id ?? "")),
      ),
      {
        element: <RequireUser />,
        children: [
          {
            index: true,
            element: lazyPage(() =>
              import("../features/landing/home-page.tsx").then((m) => m.HomePage),
            ),
          },
          page("about", () => import("../features/help/about-page.tsx").then((m) => m.AboutPage)),
          page("how-to", () => import("../features/help/how-to-page.tsx").then((m) => m.HowToPage)),
          page(
            "chat",
            () => import("./routes/songwriting-routes.tsx").then((m) => m.ChatRoute),
            signedIn(async ({ queryClient }) => {
              const { conversationQuery } = await import("../features/chat/chat-queries.ts")
              return queryClient.ensureQueryData(conversationQuery)
            }),
          ),
          page(
            "library",
            () => import("./routes/library-route.tsx").then((m) => m.LibraryRoute),
            signedIn(({ queryClient }) => queryClient.ensureQueryData(mySongsQuery)),
          ),
          page(
            "voices",
            () => import("../features/voices/voices-page.tsx").then((m) => m.VoicesPage),
            signedIn(async ({ queryClient }) => {
              const { myVoicesQuery } = await import("../features/voices/voice-queries.ts")
              return queryClient.ensureQueryData(myVoicesQuery)
            }),
          ),
          page(
            "app",
            () => import("./routes/songwriting-routes.tsx").then((m) => m.CreateRoute),
            signedIn(async ({ queryClient }) => {
              const { draftQuery } = await import("../features/song-form/form-queries.ts")
              return queryClient.ensureQueryData(draftQuery)
            }),
          ),
          page(
            "credits",
            () => import("../features/credits/credits-page.tsx").then((m) => m.CreditsPage),
            signedIn(async ({ queryClient }) => {
              const credits = await import("../features/credits/credits-queries.ts")
              return Promise.all([
                queryClient.ensureQueryData(credits.standingQuery),
                queryClient.ensureQueryData(credits.priceListQuery),
                queryClient.ensureQueryData(credits.subscriptionQuery),
                queryClient.ensureQueryData(credits.usageQuery),
                queryClient.ensureQueryData(credits.transactionsQuery),
              ])
            }),
          ),
          page("settings", () =>
            import("./routes/settings-route.tsx").then((m) => m.SettingsRoute),
          ),
          page("credits/receipts/:paymentId", () =>
            import("../features/credits/receipt-page.tsx").then((m) => m.ReceiptPage),
          ),
          page("checkout/:sessionId", () =>
            import("../features/credits/checkout-page.tsx").then((m) => m.CheckoutPage),
          ),
        ],
      },
      {
        element: <RequireAdmin />,
        children: [
          page("admin", () => import("../features/admin/admin-page.tsx").then((m) => m.AdminPage)),
          page("admin/ledger/:userId/statement/:month", () =>
            import("../features/admin/statement-page.tsx").then((m) => m.StatementPage),
          ),
        ],
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]

/** The app's pages, drawn for the current address. */
export const AppRoutes = () => useRoutes(routes)

/**
 * Starts loading the code and the data of the page at `pathname`, side by side: `code` resolves when the
 * app's first render can draw the page, `data` when what it shows first is in the cache (or failed, for
 * the page to show).
 */
export const loadPageAt = (pathname: string, queryClient: QueryClient) => {
  const matched = (matchRoutes(routes, pathname) ?? []).flatMap(({ route, params }) => {
    const found = pages.get(route.element)
    return found ? [{ ...found, params }] : []
  })
  return {
    code: Promise.all(matched.map(({ code }) => code.load())).then(() => undefined),
    data: Promise.all(matched.map(({ data, params }) => data?.({ queryClient, params }))).then(
      () => undefined,
      () => undefined,
    ),
  }
}
