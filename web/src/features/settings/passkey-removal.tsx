import { useMutation, useQueryClient } from "@tanstack/react-query"
import { type FormEvent, useState } from "react"
import { Button } from "../../components/ui/button.tsx"
import { callApi, errorMessage } from "../../lib/api.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { CurrentPasswordField } from "./current-password-field.tsx"
import { passkeysQuery, twoStepQuery } from "./settings-queries.ts"

/** Removing a passkey takes the password, so a session left open cannot do it. */
export const PasskeyRemoval = ({
  passkey,
}: {
  readonly passkey: { readonly id: string; readonly label: string }
}) => {
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [currentPassword, setCurrent] = useState("")
  const remove = useMutation({
    mutationFn: () =>
      callApi((api) =>
        api.passkeys.remove({ path: { id: passkey.id }, payload: { currentPassword } }),
      ),
    onSuccess: ({ message }) => {
      toast({ title: message, variant: "success" })
      for (const query of [passkeysQuery, twoStepQuery])
        void queryClient.invalidateQueries({ queryKey: query.queryKey })
    },
  })
  if (!open)
    return (
      <div>
        <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
          Remove {passkey.label}
        </Button>
      </div>
    )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    remove.mutate()
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid max-w-md gap-3"
      aria-label={`Remove ${passkey.label}`}
    >
      <CurrentPasswordField
        value={currentPassword}
        onChange={setCurrent}
        error={remove.isError ? errorMessage(remove.error) : undefined}
      />
      <div className="flex gap-2">
        <Button variant="danger" size="sm" type="submit" disabled={remove.isPending}>
          {remove.isPending ? "Removing..." : "Remove passkey"}
        </Button>
        <Button variant="ghost" size="sm" type="button" onClick={() => setOpen(false)}>
          Keep it
        </Button>
      </div>
    </form>
  )
}
