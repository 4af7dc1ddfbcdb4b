import { useMutation, useQueryClient } from "@tanstack/react-query"
import { type ChangeEvent, useId, useState } from "react"
import { maxAvatarBytes, minAvatarSide } from "#modules/community/api-avatar-paths.ts"
import type { CreatorProfile } from "#projections/creators/api.ts"
import { Button } from "../../components/ui/button.tsx"
import { callApi, errorMessage } from "../../lib/api.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { CreatorAvatar } from "./creator-avatar.tsx"
import { creatorKeys } from "./creator-keys.ts"

const accepted = ["image/jpeg", "image/png", "image/webp"]

/** What is wrong with a chosen file before it is sent, as the server would say it; undefined when nothing. */
const problemOf = (file: File) =>
  !accepted.includes(file.type)
    ? "The avatar must be a JPEG, PNG or WebP image."
    : file.size > maxAvatarBytes
      ? `The avatar must be at most ${maxAvatarBytes / 1024 / 1024} MB.`
      : undefined

/**
 * The owner's avatar: upload one (the server checks it and keeps a square copy), or go back to the one
 * drawn from their name. Each is saved at once.
 */
export const AvatarPicker = ({ profile }: { readonly profile: CreatorProfile }) => {
  const queryClient = useQueryClient()
  const input = useId()
  const [problem, setProblem] = useState<string>()
  const change = useMutation({
    mutationFn: (file: File | null) =>
      callApi((api) => {
        if (file === null) return api.avatars.removeAvatar()
        const form = new FormData()
        form.append("avatar", file)
        return api.avatars.setAvatar({ payload: form })
      }),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: creatorKeys.one(profile.username) })
      toast({ title: answer.avatarUrl ? "Avatar saved" : "Avatar removed", variant: "success" })
    },
  })
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ""
    if (file === undefined) return
    const wrong = problemOf(file)
    setProblem(wrong)
    if (wrong === undefined) change.mutate(file)
  }
  const shown = problem ?? (change.isError ? errorMessage(change.error) : undefined)
  return (
    <div className="flex items-center gap-4">
      <CreatorAvatar
        username={profile.username}
        name={profile.name}
        src={profile.avatarUrl}
        className="h-16 w-16 text-xl"
      />
      <div className="grid gap-2">
        <div className="flex flex-wrap gap-2">
          {/* The field itself is hidden; its label is the button, outlined when the field has focus. */}
          <input
            id={input}
            type="file"
            accept={accepted.join(",")}
            className="peer sr-only"
            disabled={change.isPending}
            onChange={choose}
          />
          <Button asChild variant="secondary" size="sm">
            <label
              htmlFor={input}
              className="cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-cyan"
            >
              {change.isPending ? "Saving..." : "Upload an avatar"}
            </label>
          </Button>
          {profile.avatarUrl && (
            <Button
              variant="ghost"
              size="sm"
              disabled={change.isPending}
              onClick={() => change.mutate(null)}
            >
              Use the drawn avatar
            </Button>
          )}
        </div>
        <p className="text-xs text-faint">
          JPEG, PNG or WebP, up to {maxAvatarBytes / 1024 / 1024} MB, at least {minAvatarSide} ×{" "}
          {minAvatarSide} pixels.
        </p>
        {shown && (
          <p role="alert" className="text-sm font-medium text-danger">
            {shown}
          </p>
        )}
      </div>
    </div>
  )
}
