import { type QueryClient, useQueryClient } from "@tanstack/react-query"
import { type ComponentType, use } from "react"
import { type Params, useParams } from "react-router"

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
 * A page's loader: puts the data its first render shows in the query cache (`ensureQueryData`), so it is
 * asked for while the page's code loads rather than after. A failure is the page's own query's to show.
 */
export type PageData = (page: {
  readonly queryClient: QueryClient
  readonly params: Readonly<Params>
}) => Promise<unknown>

/**
 * Draws a page, suspended until its code has arrived, its data asked for meanwhile. Unlike `React.lazy`, a
 * page loaded beforehand is drawn in the same render: the app loads the arriving page before it starts
 * (main.tsx), so it never shows a fallback in place of a page the server drew.
 */
export const LazyPage = ({ code, data }: { readonly code: PageCode; readonly data?: PageData }) => {
  const queryClient = useQueryClient()
  const params = useParams()
  if (code.component === undefined) {
    // A render retried while the code loads asks again: the cache answers, or joins the request under way.
    void data?.({ queryClient, params }).catch(() => undefined)
    use(code.load())
  }
  const Page = code.component
  return Page ? <Page /> : null
}
