import type { CreatorProfile } from "#projections/creators/api.ts"
import { BlockButton } from "../../features/creators/block-button.tsx"
import { ProfileEditor } from "../../features/creators/profile-editor.tsx"
import { ReportButton } from "../../features/moderation/report-button.tsx"

/**
 * What a signed-in viewer may do on a creator's page: edit it when it is theirs (drawn afresh when what it
 * says changes), or report and block its creator.
 */
export const CreatorActions = ({
  profile,
  isYours,
}: {
  readonly profile: CreatorProfile
  readonly isYours: boolean
}) =>
  isYours ? (
    <ProfileEditor
      key={`${profile.name}\n${profile.bio}\n${profile.links.join()}`}
      profile={profile}
    />
  ) : (
    <>
      <ReportButton kind="creator" id={profile.username} name={profile.name || profile.username} />
      <BlockButton profile={profile} />
    </>
  )
