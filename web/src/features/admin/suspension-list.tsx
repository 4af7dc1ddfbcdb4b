import { useQuery } from "@tanstack/react-query"
import { type FormEvent, useState } from "react"
import { Button } from "../../components/ui/button.tsx"
import { Input } from "../../components/ui/input.tsx"
import { errorMessage } from "../../lib/api.ts"
import { formatTime } from "./format.ts"
import { Empty, Failed, Loading } from "./list-states.tsx"
import {
  suspensionLengths,
  suspensionsQuery,
  untilAfter,
  useLift,
  useSuspend,
} from "./moderation-queries.ts"
import { Table, Td } from "./table.tsx"

const Lift = ({ username }: { readonly username: string }) => {
  const lift = useLift()
  const [reason, setReason] = useState("")
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        lift.mutate({ username, reason })
      }}
    >
      <Input
        className="h-9 w-44"
        required
        maxLength={500}
        placeholder="Why lift it"
        aria-label={`Reason to lift ${username}'s suspension`}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <Button type="submit" size="sm" variant="ghost" disabled={lift.isPending}>
        Lift
      </Button>
      {lift.isError && (
        <span role="alert" className="text-sm text-danger">
          {errorMessage(lift.error, "It could not be lifted.")}
        </span>
      )}
    </form>
  )
}

/** Suspend an account by its username, for a time or until lifted. */
const SuspendForm = () => {
  const suspend = useSuspend()
  const [username, setUsername] = useState("")
  const [reason, setReason] = useState("")
  const [days, setDays] = useState(7)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    suspend.mutate({ username: username.trim(), reason, until: untilAfter(days) })
  }
  return (
    <form className="flex flex-wrap items-center gap-2" onSubmit={submit}>
      <Input
        className="h-9 w-40"
        required
        placeholder="Username"
        aria-label="Username to suspend"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
      />
      <Input
        className="h-9 w-56"
        required
        maxLength={500}
        placeholder="Reason"
        aria-label="Reason for the suspension"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <select
        className="h-9 rounded-lg border border-line bg-ink px-2 text-sm"
        aria-label="How long"
        value={days}
        onChange={(event) => setDays(Number(event.target.value))}
      >
        {suspensionLengths.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <Button type="submit" size="sm" variant="danger" disabled={suspend.isPending}>
        Suspend
      </Button>
      {suspend.isError && (
        <span role="alert" className="text-sm text-danger">
          {errorMessage(suspend.error, "The account could not be suspended.")}
        </span>
      )}
      {suspend.isSuccess && (
        <span role="status" className="text-sm text-muted">
          {suspend.data.message}
        </span>
      )}
    </form>
  )
}

/** Accounts suspended now, newest first, each with its reason and end. */
export const SuspensionList = () => {
  const suspensions = useQuery(suspensionsQuery)
  return (
    <section aria-label="Suspensions" className="space-y-3">
      <SuspendForm />
      {suspensions.isPending ? (
        <Loading label="Loading suspensions" />
      ) : suspensions.isError ? (
        <Failed error={suspensions.error} />
      ) : suspensions.data.length === 0 ? (
        <Empty text="No account is suspended." />
      ) : (
        <Table
          caption="Suspended accounts"
          head={["Account", "Reason", "By", "Since", "Until", ""]}
        >
          {suspensions.data.map((s) => (
            <tr key={s.username}>
              <Td>{s.username}</Td>
              <Td>{s.reason}</Td>
              <Td>{s.by}</Td>
              <Td>{formatTime(s.since)}</Td>
              <Td>{s.until === null ? "Until lifted" : formatTime(s.until)}</Td>
              <Td>
                <Lift username={s.username} />
              </Td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  )
}
