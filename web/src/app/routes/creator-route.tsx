import { useParams } from "react-router"
import { CreatorPage } from "../../features/creators/creator-page.tsx"
import { TimelineCard } from "./timeline-card.tsx"

export const CreatorRoute = () => (
  <CreatorPage username={useParams().username ?? ""} card={(song) => <TimelineCard {...song} />} />
)
