import { Search } from "lucide-react"
import type { ComponentProps } from "react"
import { questionLimit } from "./search-queries.ts"

/** The field a question is typed in, with its magnifier: in the header's box and on the results page. */
export const SearchField = (props: ComponentProps<"input">) => (
  <>
    <Search
      className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted"
      aria-hidden
    />
    <input
      type="search"
      name="q"
      aria-label="Search songs and creators"
      maxLength={questionLimit}
      autoComplete="off"
      className="h-11 w-full rounded-xl border border-line bg-surface-raised pr-3 pl-9 text-sm text-text placeholder:text-faint focus:border-line-strong focus:outline-none"
      {...props}
    />
  </>
)
