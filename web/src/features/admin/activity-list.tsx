import type { Interaction } from "#projections/admin/api.ts"
import { Badge } from "../../components/ui/badge.tsx"
import { interactionsQuery } from "./admin-queries.ts"
import { FilteredList } from "./filtered-list.tsx"
import { detailsSummary, formatTime } from "./format.ts"
import { activityTypes } from "./list-filters.ts"
import { OpenStreamButton } from "./open-stream-button.tsx"
import { Td } from "./table.tsx"

const isFailure = (type: string) => type.endsWith("_failed")

const ActivityRow = ({
  activity,
  onOpenStream,
}: {
  readonly activity: Interaction
  readonly onOpenStream: (streamId: string) => void
}) => {
  const username = activity.details.username
  return (
    <tr>
      <Td className="whitespace-nowrap text-muted tabular-nums">
        {formatTime(activity.createdAt)}
      </Td>
      <Td>
        {typeof username === "string" ? (
          <>
            <span className="font-semibold">{username}</span>
            <span className="block text-xs text-faint">{activity.userId}</span>
          </>
        ) : (
          <span className="text-xs text-muted">{activity.userId}</span>
        )}
      </Td>
      <Td>
        <Badge tone={isFailure(activity.type) ? "warning" : "accent"}>{activity.type}</Badge>
      </Td>
      <Td className="max-w-sm break-words text-muted">{detailsSummary(activity.details)}</Td>
      <Td className="whitespace-nowrap text-right">
        <OpenStreamButton streamId={activity.streamId} onOpen={onOpenStream} />
      </Td>
    </tr>
  )
}

/** What people did, newest first, from every module; read again every few seconds. */
export const ActivityList = ({
  onOpenStream,
}: {
  readonly onOpenStream: (streamId: string) => void
}) => (
  <FilteredList
    spec={{
      query: interactionsQuery,
      noun: "user activities",
      typeLabel: "Type",
      typeOptions: activityTypes,
      emptyText: "No user activities recorded yet",
      filteredEmptyText: "No user activities match these filters",
      head: ["Time", "User", "Type", "Details", "Stream"],
      row: (activity: Interaction) => (
        <ActivityRow key={activity.id} activity={activity} onOpenStream={onOpenStream} />
      ),
    }}
  />
)
