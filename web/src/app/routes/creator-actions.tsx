import type { CreatorProfile } from "#projections/creators/api.ts"
import { BlockButton } from "../../features/creators/block-button.tsx"
import { ReportButton } from "../../features/moderation/report-button.tsx"

/** What a signed-in visitor may do about another creator: report them, block or unblock them. */
export const CreatorActions = ({ profile }: { readonly profile: CreatorProfile }) => (
  <>
    <ReportButton kind="creator" id={profile.username} name={profile.name || profile.username} />
    <BlockButton profile={profile} />
  </>
)
