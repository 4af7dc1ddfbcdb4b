import { Download, Heart } from "lucide-react"
import type { SongView } from "#modules/catalog/api.ts"
import { cn } from "../../lib/cn.ts"
import { downloadMp3, downloadWav } from "../../lib/download.ts"
import { useSetPrivacy, useToggleLike } from "../../lib/song-queries.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { Button } from "../ui/button.tsx"
import { StemsButton } from "./stems-button.tsx"

export const DownloadButtons = ({
  song,
  wav = true,
  own = false,
  failure,
}: {
  readonly song: SongView
  readonly wav?: boolean
  /** The person's own song, in their library: stems are offered wherever its maker can make them. */
  readonly own?: boolean
  readonly failure?: string
}) => (
  <div className="flex flex-wrap gap-1">
    <Button
      variant="ghost"
      size="sm"
      onClick={() => void downloadMp3(song, failure)}
      aria-label={`Download ${song.title} as MP3`}
    >
      <Download className="h-4 w-4" aria-hidden /> MP3
    </Button>
    {wav && (
      <Button
        variant="ghost"
        size="sm"
        onClick={() => void downloadWav(song)}
        aria-label={`Download ${song.title} as WAV`}
      >
        <Download className="h-4 w-4" aria-hidden /> WAV
      </Button>
    )}
    {song.midiUrl && (
      // Only its owner is given the link: the server names the file and serves it as an attachment.
      <Button asChild variant="ghost" size="sm">
        <a href={song.midiUrl} download aria-label={`Download ${song.title} as MIDI`}>
          <Download className="h-4 w-4" aria-hidden /> MIDI
        </a>
      </Button>
    )}
    {(song.midiUrl || own) && <StemsButton song={song} />}
    {song.lrcUrl && (
      <Button asChild variant="ghost" size="sm">
        <a href={song.lrcUrl} download aria-label={`Download ${song.title}'s synced lyrics (LRC)`}>
          <Download className="h-4 w-4" aria-hidden /> LRC
        </a>
      </Button>
    )}
  </div>
)

/** The heart and its count; signing in comes first. */
export const LikeButton = ({
  song,
  signedIn,
}: {
  readonly song: SongView
  readonly signedIn: boolean
}) => {
  const toggle = useToggleLike()
  const onClick = () => {
    if (!signedIn) {
      toast({
        title: "Sign in to like songs",
        description: "Create an account or sign in, then like away.",
      })
      return
    }
    toggle.mutate(
      { id: song.id, like: !song.liked },
      {
        onError: (error) =>
          toast({
            title: "Error",
            description:
              (error as { message?: string }).message ||
              (song.liked ? "Failed to unlike song" : "Failed to like song"),
            variant: "destructive",
          }),
      },
    )
  }
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={song.liked}
      aria-label={song.liked ? `Unlike ${song.title}` : `Like ${song.title}`}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-sm font-semibold transition",
        song.liked ? "text-pink" : "text-muted hover:text-text",
      )}
    >
      <Heart className={cn("h-4 w-4", song.liked && "fill-current")} aria-hidden />
      <span data-testid="likes">{song.likes}</span>
    </button>
  )
}

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
