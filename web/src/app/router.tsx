import type { ComponentType } from "react"
import { createBrowserRouter, type RouteObject } from "react-router"
import { RequireAdmin, RequireUser, VisitorsOnly } from "./guards.tsx"
import { MainLayout } from "./layout/main-layout.tsx"
import { NotFoundPage } from "./routes/not-found.tsx"
import { RouteError } from "./routes/route-error.tsx"

/** A route whose page is loaded when first visited, so the first paint carries only the shell. */
const page = (path: string, load: () => Promise<ComponentType>): RouteObject => ({
  path,
  lazy: async () => ({ Component: await load() }),
})

const routes: Array<RouteObject> = [
  {
    element: <MainLayout />,
    errorElement: <RouteError />,
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
            lazy: async () => ({
              Component: (await import("../features/landing/home-page.tsx")).HomePage,
            }),
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
          page("checkout/:sessionId", () =>
            import("../features/credits/checkout-page.tsx").then((m) => m.CheckoutPage),
          ),
        ],
      },
      {
        element: <RequireAdmin />,
        children: [
          page("admin", () => import("../features/admin/admin-page.tsx").then((m) => m.AdminPage)),
        ],
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]

export const makeRouter = () => createBrowserRouter(routes)
