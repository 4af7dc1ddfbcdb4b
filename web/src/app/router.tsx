import { createBrowserRouter } from "react-router"
import { MainLayout } from "./layout/main-layout.tsx"
import { HomePage } from "./routes/home.tsx"
import { NotFoundPage } from "./routes/not-found.tsx"
import { RouteError } from "./routes/route-error.tsx"

export const makeRouter = () =>
  createBrowserRouter([
    {
      element: <MainLayout />,
      errorElement: <RouteError />,
      children: [
        { index: true, element: <HomePage /> },
        { path: "*", element: <NotFoundPage /> },
      ],
    },
  ])
