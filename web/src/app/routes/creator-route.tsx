import { useParams } from "react-router"
import { CreatorPage } from "../../features/creators/creator-page.tsx"
import { TimelineCard } from "./timeline-card.tsx"

/** A creator's page; another creator's is drawn afresh, with none of the last one's dialogs open. */
export const CreatorRoute = () => {
  const username = useParams().username ?? ""
  return (
    <CreatorPage
      key={username.toLowerCase()}
      username={username}
      card={(song) => <TimelineCard {...song} />}
    />
  )
}
