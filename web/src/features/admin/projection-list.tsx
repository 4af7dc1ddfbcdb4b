import { useQuery } from "@tanstack/react-query"
import { Badge } from "../../components/ui/badge.tsx"
import { projectionsQuery } from "./admin-queries.ts"
import { formatLag, formatTime } from "./format.ts"
import { Empty, Failed, Loading } from "./list-states.tsx"
import { RebuildButton } from "./rebuild-dialog.tsx"
import { Table, Td } from "./table.tsx"

/** The read models' health: how far behind the events each is, and what it could not read. */
export const ProjectionList = () => {
  const list = useQuery(projectionsQuery)
  if (list.isPending) return <Loading label="Loading projections" />
  if (list.isError) return <Failed error={list.error} />
  if (list.data.length === 0) return <Empty text="No projections" />
  return (
    <Table
      caption="Projections"
      head={[
        "Name",
        "Status",
        "Position",
        "Behind",
        "Lag",
        "Dead letters",
        "Last error",
        "Actions",
      ]}
    >
      {list.data.map((projection) => (
        <tr key={projection.name}>
          <Td className="font-semibold">
            {projection.name}
            <span className="block text-xs font-normal text-faint">
              revision {projection.revision}
            </span>
          </Td>
          <Td>
            <Badge tone={projection.status === "running" ? "success" : "warning"}>
              {projection.status}
            </Badge>
          </Td>
          <Td className="tabular-nums">{projection.position}</Td>
          <Td className="tabular-nums">{projection.behind}</Td>
          <Td className="whitespace-nowrap tabular-nums">{formatLag(projection.lagMs)}</Td>
          <Td className={projection.deadLetters > 0 ? "text-danger tabular-nums" : "tabular-nums"}>
            {projection.deadLetters}
          </Td>
          <Td className="max-w-xs text-xs break-words text-muted">
            {projection.lastError ?? "None"}
            {projection.lastErrorAt && (
              <span className="block text-faint">{formatTime(projection.lastErrorAt)}</span>
            )}
          </Td>
          <Td className="text-right">
            <RebuildButton name={projection.name} />
          </Td>
        </tr>
      ))}
    </Table>
  )
}
