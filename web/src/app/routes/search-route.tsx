import { Link } from "react-router"
import { CreatorAvatar } from "../../features/creators/creator-avatar.tsx"
import { SearchPage } from "../../features/search/search-page.tsx"
import { TimelineCard } from "./timeline-card.tsx"

/** Search's results: songs as the timeline draws them, creators with their pictures. */
export const SearchRoute = () => (
  <SearchPage
    card={(song) => <TimelineCard {...song} />}
    creator={(person) => (
      <Link
        to={`/u/${person.username}`}
        className="flex items-center gap-3 rounded-2xl border border-line bg-surface px-3 py-2 transition hover:border-line-strong"
      >
        <CreatorAvatar
          username={person.username}
          name={person.name}
          src={person.avatarUrl}
          className="h-9 w-9 text-sm"
        />
        <span className="min-w-0">
          <span className="block truncate font-semibold">{person.name || person.username}</span>
          <span className="block truncate text-xs text-muted">@{person.username}</span>
        </span>
      </Link>
    )}
  />
)
