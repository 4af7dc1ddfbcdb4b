import { useQuery } from "@tanstack/react-query"
import { useState } from "react"
import { errorsQuery, pageSize } from "./admin-queries.ts"
import { ErrorRow } from "./error-row.tsx"
import { FilterForm } from "./filter-form.tsx"
import { errorSources, isFiltered, type ListFilters, noFilters } from "./list-filters.ts"
import { Empty, Failed, Loading } from "./list-states.tsx"
import { Pager } from "./pager.tsx"
import { Table } from "./table.tsx"

/** What went wrong, newest first: reported errors, failed generations and renders, poison events. */
export const ErrorList = ({
  onOpenStream,
}: {
  readonly onOpenStream: (streamId: string) => void
}) => {
  const [filters, setFilters] = useState<ListFilters>(noFilters)
  const [offset, setOffset] = useState(0)
  const list = useQuery(errorsQuery(filters, offset))

  return (
    <div>
      <FilterForm
        name="Filter error logs"
        typeLabel="Source"
        typeOptions={errorSources}
        applied={filters}
        onApply={(next) => {
          setFilters(next)
          setOffset(0)
        }}
      />
      {list.isPending ? (
        <Loading label="Loading error logs" />
      ) : list.isError ? (
        <Failed error={list.error} />
      ) : list.data.total === 0 ? (
        <Empty
          text={isFiltered(filters) ? "No errors match these filters" : "No errors recorded yet"}
        />
      ) : (
        <>
          <Table
            caption="Error logs, newest first"
            head={["Time", "Source", "Error", "User", "Actions"]}
          >
            {list.data.items.map((entry) => (
              <ErrorRow key={entry.id} entry={entry} onOpenStream={onOpenStream} />
            ))}
          </Table>
          <Pager
            label="Error logs pages"
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
