import { useMutation, useQueryClient } from "@tanstack/react-query"
import { UserCheck, UserPlus } from "lucide-react"
import { Link } from "react-router"
import type { CreatorProfile } from "#projections/creators/api.ts"
import { Button } from "../../components/ui/button.tsx"
import { callApi, errorMessage } from "../../lib/api.ts"
import { songKeys } from "../../lib/song-cache.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { creatorKeys } from "./creator-keys.ts"

/** Follows or unfollows a creator, showing the change at once and putting it back if the server refuses. */
const useFollow = (username: string) => {
  const queryClient = useQueryClient()
  const key = creatorKeys.one(username)
  return useMutation({
    mutationFn: (follow: boolean) =>
      callApi((api) =>
        follow
          ? api.community.follow({ path: { username } })
          : api.community.unfollow({ path: { username } }),
      ),
    onMutate: (follow) => {
      const before = queryClient.getQueryData<CreatorProfile>(key)
      if (before && before.followedByYou !== follow) {
        queryClient.setQueryData<CreatorProfile>(key, {
          ...before,
          followedByYou: follow,
          followers: Math.max(0, before.followers + (follow ? 1 : -1)),
        })
      }
      return { before }
    },
    onError: (error, follow, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before)
      toast({
        title: follow ? "Could not follow" : "Could not unfollow",
        description: errorMessage(error),
        variant: "destructive",
      })
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: songKeys.following }),
      ]),
  })
}

/** Follow or Following (pressed); a visitor is asked to sign in. Not drawn on one's own page. */
export const FollowButton = ({
  profile,
  viewer,
  compact = false,
}: {
  readonly profile: CreatorProfile
  /** The signed-in person's username; undefined for a visitor. */
  readonly viewer: string | undefined
  /** Drawn small and quiet, among a card's other actions. */
  readonly compact?: boolean
}) => {
  const follow = useFollow(profile.username)
  if (viewer === undefined) {
    return (
      <Button asChild variant={compact ? "ghost" : "secondary"} size={compact ? "sm" : "md"}>
        <Link to="/auth">
          <UserPlus className="h-4 w-4" aria-hidden /> Sign in to follow
        </Link>
      </Button>
    )
  }
  const following = profile.followedByYou
  return (
    <Button
      variant={compact ? "ghost" : following ? "secondary" : "primary"}
      size={compact ? "sm" : "md"}
      aria-pressed={following}
      aria-label={`${following ? "Following" : "Follow"} ${profile.username}`}
      disabled={follow.isPending}
      onClick={() => follow.mutate(!following)}
    >
      {following ? (
        <UserCheck className="h-4 w-4" aria-hidden />
      ) : (
        <UserPlus className="h-4 w-4" aria-hidden />
      )}
      {following ? "Following" : "Follow"}
    </Button>
  )
}
