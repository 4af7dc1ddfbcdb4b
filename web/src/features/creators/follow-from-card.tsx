import { useQuery } from "@tanstack/react-query"
import { UserPlus } from "lucide-react"
import { Button } from "../../components/ui/button.tsx"
import { useCurrentUser } from "../../lib/session.ts"
import { creatorQuery } from "./creator-queries.ts"
import { FollowButton } from "./follow-button.tsx"

/**
 * Follow or unfollow a song's creator from its card: their page's answer says whether one follows them
 * already. Nothing is drawn on one's own songs.
 */
export const FollowFromCard = ({ username }: { readonly username: string }) => {
  const { data: user } = useCurrentUser()
  const creator = useQuery(creatorQuery(username))
  if (user?.username.toLowerCase() === username.toLowerCase()) return null
  if (!creator.isSuccess)
    return (
      <Button variant="ghost" size="sm" disabled>
        <UserPlus className="h-4 w-4" aria-hidden /> Follow
      </Button>
    )
  return <FollowButton profile={creator.data} viewer={user?.username} compact />
}
