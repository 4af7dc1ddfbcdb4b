import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { KeyRound } from "lucide-react"
import { type FormEvent, useState } from "react"
import { Button } from "../../components/ui/button.tsx"
import { Field } from "../../components/ui/field.tsx"
import { Input } from "../../components/ui/input.tsx"
import { callApi, errorMessage } from "../../lib/api.ts"
import { cancelled, makePasskey } from "../../lib/passkeys.ts"
import { postedAgo } from "../../lib/posted-ago.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { PasskeyRemoval } from "./passkey-removal.tsx"
import { passkeysQuery, sessionsQuery, twoStepQuery } from "./settings-queries.ts"

const useAddPasskey = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (label: string) => {
      const { ceremony, options } = await callApi((api) => api.passkeys.addOptions())
      const credential = await makePasskey(options)
      return callApi((api) => api.passkeys.add({ payload: { ceremony, label, credential } }))
    },
    onSuccess: ({ message }) => {
      toast({ title: message, variant: "success" })
      // The first passkey ends the person's other sessions.
      for (const query of [passkeysQuery, sessionsQuery, twoStepQuery])
        void queryClient.invalidateQueries({ queryKey: query.queryKey })
    },
  })
}

/** Names the new passkey and asks the browser to make it. */
const AddPasskey = () => {
  const add = useAddPasskey()
  const [label, setLabel] = useState("")
  const submit = (event: FormEvent) => {
    event.preventDefault()
    add.mutate(label, { onSuccess: () => setLabel("") })
  }
  const failed = add.isError && !cancelled(add.error)
  return (
    <form onSubmit={submit} noValidate className="grid max-w-md gap-3" aria-label="Add a passkey">
      <Field label="Passkey name" error={failed ? errorMessage(add.error) : undefined}>
        {(control) => (
          <Input
            {...control}
            value={label}
            maxLength={60}
            placeholder="My laptop"
            onChange={(event) => setLabel(event.target.value)}
          />
        )}
      </Field>
      <div>
        <Button type="submit" disabled={add.isPending || label.trim() === ""}>
          <KeyRound className="h-4 w-4" aria-hidden />
          {add.isPending ? "Waiting for your device..." : "Add a passkey"}
        </Button>
      </div>
    </form>
  )
}

/** The person's passkeys, each named, with when it was added and last used; a new one added here. */
export const PasskeysSettings = () => {
  const passkeys = useQuery(passkeysQuery)
  if (passkeys.isPending) return <p className="text-sm text-muted">Loading your passkeys...</p>
  if (passkeys.isError)
    return <p className="text-sm text-danger">Your passkeys could not be loaded. Please refresh.</p>
  return (
    <div className="grid gap-4">
      {passkeys.data.passkeys.length === 0 ? (
        <p className="text-sm text-muted">You have no passkeys yet.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Passkeys">
          {passkeys.data.passkeys.map((passkey) => (
            <li
              key={passkey.id}
              aria-label={passkey.label}
              className="grid gap-2 rounded-xl border border-line bg-surface-raised/50 p-3"
            >
              <div>
                <p className="font-semibold">{passkey.label}</p>
                <p className="text-sm text-muted">
                  Added {postedAgo(passkey.createdAt)} ·{" "}
                  {passkey.lastUsedAt ? `last used ${postedAgo(passkey.lastUsedAt)}` : "never used"}
                </p>
              </div>
              <PasskeyRemoval passkey={passkey} />
            </li>
          ))}
        </ul>
      )}
      <AddPasskey />
    </div>
  )
}
