/** Community: who follows whom, and what creators say of themselves. */
export { CannotFollowSelf, CommunityApi, FollowState, ProfileText } from "./api.ts"
export { AvatarAnswer, AvatarsApi, InvalidAvatar } from "./api-avatars.ts"
export { Avatars } from "./avatars.ts"
export { AvatarsHttpLive } from "./avatars-http.ts"
export { Follows } from "./follows.ts"
export { CommunityHttpLive } from "./http.ts"
export { Profiles } from "./profiles.ts"
