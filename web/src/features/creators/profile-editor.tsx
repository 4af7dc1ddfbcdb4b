import { useMutation, useQueryClient } from "@tanstack/react-query"
import { type FormEvent, useState } from "react"
import type { CreatorProfile } from "#projections/creators/api.ts"
import { Button } from "../../components/ui/button.tsx"
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "../../components/ui/dialog.tsx"
import { Field } from "../../components/ui/field.tsx"
import { Input } from "../../components/ui/input.tsx"
import { Textarea } from "../../components/ui/textarea.tsx"
import { callApi, errorMessage } from "../../lib/api.ts"
import { contentRefusal, type FieldErrors, serverFieldErrors, validate } from "../../lib/form.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { AvatarPicker } from "./avatar-picker.tsx"
import { creatorKeys } from "./creator-keys.ts"

/** As the server keeps them (modules/community/api.ts), whose schema checks the form before it is sent. */
const bioLimit = 500
/** Three places for links, each with its label. */
const linkSlots = ["Link 1", "Link 2", "Link 3"] as const
const payload = () => import("#modules/community/api.ts").then((m) => m.ProfilePayload)

/** The owner's "Edit profile": their picture, name, a bio and up to three links, checked by the server. */
export const ProfileEditor = ({ profile }: { readonly profile: CreatorProfile }) => {
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [name, setName] = useState(profile.name)
  const [bio, setBio] = useState(profile.bio)
  const [links, setLinks] = useState(() => linkSlots.map((_, i) => profile.links[i] ?? ""))
  const [errors, setErrors] = useState<FieldErrors>({})
  const save = useMutation({
    mutationFn: (text: typeof import("#modules/community/api.ts").ProfilePayload.Type) =>
      callApi((api) => api.community.editProfile({ payload: text })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: creatorKeys.one(profile.username) })
      setOpen(false)
      toast({ title: "Profile saved", variant: "success" })
    },
    // A refused name or bio is said under it.
    onError: (error) => setErrors(serverFieldErrors(error)),
  })
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const checked = await validate(payload, {
      name,
      bio,
      links: links.map((link) => link.trim()).filter(Boolean),
    })
    setErrors(checked.ok ? {} : checked.errors)
    if (checked.ok) save.mutate(checked.value)
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (next) {
          save.reset()
          setErrors({})
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary">Edit profile</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Edit profile</DialogTitle>
        <DialogDescription>What everyone sees on your page.</DialogDescription>
        <div className="mt-5">
          <AvatarPicker profile={profile} />
        </div>
        <form onSubmit={(event) => void submit(event)} noValidate className="mt-5 grid gap-4">
          <Field label="Name" error={errors.name}>
            {(control) => (
              <Input {...control} value={name} onChange={(e) => setName(e.target.value)} />
            )}
          </Field>
          <Field
            label="Bio"
            error={errors.bio}
            hint={
              <span className="text-xs text-faint">
                {bio.length}/{bioLimit}
              </span>
            }
          >
            {(control) => (
              <Textarea
                {...control}
                rows={4}
                value={bio}
                onChange={(e) => setBio(e.target.value)}
              />
            )}
          </Field>
          {linkSlots.map((label, index) => (
            <Field key={label} label={label} error={index === 0 ? errors.links : undefined}>
              {(control) => (
                <Input
                  {...control}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  value={links[index]}
                  onChange={(e) =>
                    setLinks((all) => all.map((l, i) => (i === index ? e.target.value : l)))
                  }
                />
              )}
            </Field>
          ))}
          {save.isError && !contentRefusal(save.error) && (
            <p role="alert" className="text-sm font-medium text-danger">
              {errorMessage(save.error)}
            </p>
          )}
          <DialogActions>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving..." : "Save"}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  )
}
