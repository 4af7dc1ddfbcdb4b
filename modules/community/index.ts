/** Community: who follows whom. */
export { CannotFollowSelf, CommunityApi, FollowState } from "./api.ts"
export { Follows } from "./follows.ts"
export { CommunityHttpLive } from "./http.ts"
