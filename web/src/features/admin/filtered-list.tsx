import { type QueryKey, type UseQueryOptions, useQuery } from "@tanstack/react-query"
import { type ReactNode, useState } from "react"
import { pageSize } from "./admin-queries.ts"
import { FilterForm } from "./filter-form.tsx"
import { isFiltered, type ListFilters, noFilters } from "./list-filters.ts"
import { Empty, Failed, Loading } from "./list-states.tsx"
import { Pager } from "./pager.tsx"
import { Table } from "./table.tsx"

/** What tells one admin list from the other: its query, its words and its rows. */
export interface ListSpec<
  Item,
  Page extends { readonly items: ReadonlyArray<Item>; readonly total: number },
  Key extends QueryKey,
> {
  readonly query: (filters: ListFilters, offset: number) => UseQueryOptions<Page, Error, Page, Key>
  /** "user activities", "error logs": in the form's, table's and pager's names. */
  readonly noun: string
  readonly typeLabel: string
  readonly typeOptions: ReadonlyArray<string>
  /** The spec's text when nothing was ever recorded; another says when the filters matched nothing. */
  readonly emptyText: string
  readonly filteredEmptyText: string
  readonly head: ReadonlyArray<string>
  readonly row: (item: Item) => ReactNode
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** A list newest first, filtered by person, type and time, in pages; its query says how often it is read. */
export const FilteredList = <
  Item,
  Page extends { readonly items: ReadonlyArray<Item>; readonly total: number },
  Key extends QueryKey,
>({
  spec,
}: {
  readonly spec: ListSpec<Item, Page, Key>
}) => {
  const [filters, setFilters] = useState<ListFilters>(noFilters)
  const [offset, setOffset] = useState(0)
  const list = useQuery(spec.query(filters, offset))
  const name = capitalized(spec.noun)

  return (
    <div>
      <FilterForm
        name={`Filter ${spec.noun}`}
        typeLabel={spec.typeLabel}
        typeOptions={spec.typeOptions}
        applied={filters}
        onApply={(next) => {
          setFilters(next)
          setOffset(0)
        }}
      />
      {list.isPending ? (
        <Loading label={`Loading ${spec.noun}`} />
      ) : list.isError ? (
        <Failed error={list.error} />
      ) : list.data.total === 0 ? (
        <Empty text={isFiltered(filters) ? spec.filteredEmptyText : spec.emptyText} />
      ) : (
        <>
          <Table caption={`${name}, newest first`} head={spec.head}>
            {list.data.items.map(spec.row)}
          </Table>
          <Pager
            label={`${name} pages`}
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
