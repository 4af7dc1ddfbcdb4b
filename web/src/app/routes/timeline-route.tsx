import { TimelinePage } from "../../features/timeline/timeline-page.tsx"
import { TimelineCard } from "./timeline-card.tsx"

export const TimelineRoute = () => <TimelinePage card={(song) => <TimelineCard {...song} />} />
