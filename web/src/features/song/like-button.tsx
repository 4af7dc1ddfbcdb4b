import { Heart } from "lucide-react"
import type { SongView } from "#projections/songs/api.ts"
import { cn } from "../../lib/cn.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { useToggleLike } from "./song-changes.ts"

/**
 * The heart and its count; signing in comes first. A toggle: its name, which says the count it shows,
 * stays as it is pressed.
 */
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
      aria-label={`Like ${song.title}, likes: ${song.likes}`}
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
