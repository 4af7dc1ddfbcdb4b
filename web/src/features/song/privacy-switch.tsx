import type { SongView } from "#projections/songs/api.ts"
import { cn } from "../../lib/cn.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { useSetPrivacy } from "./song-changes.ts"

/** Public or private, disabled while the change is on its way. */
export const PrivacySwitch = ({ song }: { readonly song: SongView }) => {
  const privacy = useSetPrivacy()
  const change = () =>
    privacy.mutate(
      { id: song.id, isPublic: !song.isPublic },
      {
        onSuccess: () =>
          toast({
            title: "Success",
            description: "Song privacy settings have been updated successfully.",
            variant: "success",
          }),
        onError: () =>
          toast({
            title: "Error",
            description: "Failed to update song privacy settings.",
            variant: "destructive",
          }),
      },
    )
  return (
    <div className="flex items-center gap-2 text-xs font-semibold text-muted">
      <button
        type="button"
        role="switch"
        aria-checked={song.isPublic}
        aria-label={`Public: ${song.title}`}
        disabled={privacy.isPending}
        onClick={change}
        className={cn(
          "relative h-5 w-9 rounded-full transition disabled:opacity-50",
          song.isPublic ? "bg-success" : "bg-line-strong",
        )}
      >
        <span
          className={cn(
            "absolute top-0.5 left-0.5 h-4 w-4 rounded-full bg-white shadow transition",
            song.isPublic && "translate-x-4",
          )}
        />
      </button>
      {song.isPublic ? "Public" : "Private"}
    </div>
  )
}
