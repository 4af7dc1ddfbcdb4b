import { Context, Effect, Layer } from "effect"
import { actorOf, type SignedInUser } from "#api/auth.ts"
import { communityStreams, ProfileEvent } from "#events/contracts/community.ts"
import { runCommand, type Writes } from "#events/handle-command.ts"
import type { ProfilePayload } from "./api.ts"
import { ProfileText } from "./api.ts"
import { profile } from "./profile.ts"

/** Creators' own pages: each writes only their own. */
export class Profiles extends Context.Tag("@melody/community/Profiles")<
  Profiles,
  {
    readonly edit: (user: SignedInUser, text: typeof ProfilePayload.Type) => Writes<ProfileText>
  }
>() {
  static readonly live = Layer.succeed(
    Profiles,
    Profiles.of({
      edit: Effect.fn("Profiles.edit")(function* (user, text) {
        yield* runCommand({
          decider: profile,
          events: ProfileEvent,
          streamId: communityStreams.profile(user.userId),
          command: { _tag: "EditProfile", userId: user.userId, ...text },
          actor: actorOf(user),
          maxAttempts: 10,
        })
        return new ProfileText(text)
      }),
    }),
  )
}
