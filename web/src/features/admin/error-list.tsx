import type { ErrorLog } from "#projections/admin/api.ts"
import { errorsQuery } from "./admin-queries.ts"
import { ErrorRow } from "./error-row.tsx"
import { FilteredList } from "./filtered-list.tsx"
import { errorSources } from "./list-filters.ts"

/** What went wrong, newest first: reported errors, failed generations and renders, poison events. */
export const ErrorList = ({
  onOpenStream,
}: {
  readonly onOpenStream: (streamId: string) => void
}) => (
  <FilteredList
    spec={{
      query: errorsQuery,
      noun: "error logs",
      typeLabel: "Source",
      typeOptions: errorSources,
      emptyText: "No errors recorded yet",
      filteredEmptyText: "No errors match these filters",
      head: ["Time", "Source", "Error", "User", "Actions"],
      row: (entry: ErrorLog) => (
        <ErrorRow key={entry.id} entry={entry} onOpenStream={onOpenStream} />
      ),
    }}
  />
)
