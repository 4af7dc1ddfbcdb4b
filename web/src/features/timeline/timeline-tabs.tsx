import { Link } from "react-router"
import { cn } from "../../lib/cn.ts"

/** The timeline's lists, by the `tab` in its address. */
export type TimelineTab = "liked" | "trending" | "newest" | "following"

export const timelineTabOf = (search: URLSearchParams): TimelineTab => {
  const tab = search.get("tab")
  return tab === "trending" || tab === "newest" || tab === "following" ? tab : "liked"
}

const tabs: ReadonlyArray<readonly [TimelineTab, string]> = [
  ["liked", "Most liked"],
  ["trending", "Trending"],
  ["newest", "Newest"],
  ["following", "Following"],
]

/** Links rather than buttons: each list has its own address, to share or come back to. */
export const TimelineTabs = ({ current }: { readonly current: TimelineTab }) => (
  <nav
    aria-label="Timeline lists"
    className="flex gap-1 rounded-xl border border-line bg-ink/50 p-1"
  >
    {tabs.map(([tab, label]) => (
      <Link
        key={tab}
        to={tab === "liked" ? "/timeline" : `/timeline?tab=${tab}`}
        aria-current={tab === current ? "page" : undefined}
        className={cn(
          "rounded-lg px-3 py-1.5 text-sm font-semibold text-muted transition hover:text-text",
          tab === current && "bg-surface-raised text-text shadow",
        )}
      >
        {label}
      </Link>
    ))}
  </nav>
)
