/** Comments: what people say under public songs, and each song owner's switch for them. */
export {
  CommentPostedAnswer,
  CommentsApi,
  CommentsClosed,
  CommentsSwitch,
  ReplyRefused,
} from "./api.ts"
export { Comments } from "./comments.ts"
export { CommentsHttpLive } from "./http.ts"
