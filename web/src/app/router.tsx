import type { ComponentType, ReactNode } from "react"
import { matchRoutes, type RouteObject, useRoutes } from "react-router"
import { RequireAdmin, RequireUser, VisitorsOnly } from "./guards.tsx"
import { MainLayout } from "./layout/main-layout.tsx"
import { LazyPage, pageCode } from "./lazy-page.tsx"
import { NotFoundPage } from "./routes/not-found.tsx"

/** Each page's loader, by the element that draws it. */
const loaders = new Map<ReactNode, () => Promise<void>>()

/** A page loaded when first visited, so the first paint carries only the shell. */
const lazyPage = (load: () => Promise<ComponentType>) => {
  const code = pageCode(load)
  const element = <LazyPage code={code} />
  loaders.set(element, code.load)
  return element
}

const page = (path: string, load: () => Promise<ComponentType>): RouteObject => ({
  path,
  element: lazyPage(load),
})

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
      page("dev/mailbox", () =>
        import("../features/dev-mailbox/mailbox-page.tsx").then((m) => m.MailboxPage),
      ),
      page("timeline", () =>
        import("../features/timeline/timeline-page.tsx").then((m) => m.TimelinePage),
      ),
      page("song/:id", () => import("./routes/song-route.tsx").then((m) => m.SongRoute)),
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
          page("chat", () => import("./routes/songwriting-routes.tsx").then((m) => m.ChatRoute)),
          page("library", () => import("./routes/library-route.tsx").then((m) => m.LibraryRoute)),
          page("voices", () =>
            import("../features/voices/voices-page.tsx").then((m) => m.VoicesPage),
          ),
          page("app", () => import("./routes/songwriting-routes.tsx").then((m) => m.CreateRoute)),
          page("credits", () =>
            import("../features/credits/credits-page.tsx").then((m) => m.CreditsPage),
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

/** Loads the code of the page at `pathname`, so that the app's first render draws it complete. */
export const loadPageAt = async (pathname: string) => {
  const matched = matchRoutes(routes, pathname) ?? []
  await Promise.all(matched.map(({ route }) => loaders.get(route.element)?.()))
}
