import { useQuery } from "@tanstack/react-query"
import { useState } from "react"
import type { Interaction } from "#app/admin-api.ts"
import { Badge } from "../../components/ui/badge.tsx"
import { interactionsQuery, pageSize } from "./admin-queries.ts"
import { FilterForm } from "./filter-form.tsx"
import { detailsSummary, formatTime } from "./format.ts"
import { activityTypes, isFiltered, type ListFilters, noFilters } from "./list-filters.ts"
import { Empty, Failed, Loading } from "./list-states.tsx"
import { OpenStreamButton } from "./open-stream-button.tsx"
import { Pager } from "./pager.tsx"
import { Table, Td } from "./table.tsx"

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
}) => {
  const [filters, setFilters] = useState<ListFilters>(noFilters)
  const [offset, setOffset] = useState(0)
  const list = useQuery(interactionsQuery(filters, offset))

  return (
    <div>
      <FilterForm
        name="Filter user activities"
        typeLabel="Type"
        typeOptions={activityTypes}
        applied={filters}
        onApply={(next) => {
          setFilters(next)
          setOffset(0)
        }}
      />
      {list.isPending ? (
        <Loading label="Loading user activities" />
      ) : list.isError ? (
        <Failed error={list.error} />
      ) : list.data.total === 0 ? (
        <Empty
          text={
            isFiltered(filters)
              ? "No user activities match these filters"
              : "No user activities recorded yet"
          }
        />
      ) : (
        <>
          <Table
            caption="User activities, newest first"
            head={["Time", "User", "Type", "Details", "Stream"]}
          >
            {list.data.items.map((activity) => (
              <ActivityRow key={activity.id} activity={activity} onOpenStream={onOpenStream} />
            ))}
          </Table>
          <Pager
            label="User activities pages"
            offset={offset}
            pageSize={pageSize}
            shown={list.data.items.length}
            total={list.data.total}
            onOffset={setOffset}
          />
        </>
      )}
    </div>
  )
}
