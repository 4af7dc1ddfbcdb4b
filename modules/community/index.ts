/** Community: who follows and who blocks whom, and what creators say of themselves. */
export {
  BlockState,
  CannotBlockSelf,
  CannotFollowSelf,
  CommunityApi,
  FollowRefused,
  FollowState,
  ProfileText,
} from "./api.ts"
export { AvatarAnswer, AvatarsApi, InvalidAvatar } from "./api-avatars.ts"
export { Avatars } from "./avatars.ts"
export { AvatarsHttpLive } from "./avatars-http.ts"
export { Blocks } from "./blocks.ts"
export { blocksEndFollows } from "./blocks-end-follows.ts"
export { Follows } from "./follows.ts"
export { CommunityHttpLive } from "./http.ts"
export { Profiles } from "./profiles.ts"

import { blocksEndFollows } from "./blocks-end-follows.ts"

/** The community's reactions to its own and other modules' events. */
export const communityReactions = [blocksEndFollows] as const
