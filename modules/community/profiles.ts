import { Context, Effect, Layer } from "effect"
import { actorOf, type SignedInUser } from "#api/auth.ts"
import type { ContentRefused } from "#api/refusals.ts"
import { communityStreams, ProfileEvent } from "#events/contracts/community.ts"
import { runCommand, type Writes } from "#events/handle-command.ts"
import { ContentChecks } from "#toolkit/content-checks/index.ts"
import type { ProfilePayload } from "./api.ts"
import { ProfileText } from "./api.ts"
import { profile } from "./profile.ts"

/** Creators' own pages: each writes only their own, its name and bio checked before they are saved. */
export class Profiles extends Context.Tag("@melody/community/Profiles")<
  Profiles,
  {
    readonly edit: (
      user: SignedInUser,
      text: typeof ProfilePayload.Type,
    ) => Writes<ProfileText, ContentRefused>
  }
>() {
  static readonly live = Layer.effect(
    Profiles,
    Effect.map(ContentChecks, (checks) =>
      Profiles.of({
        edit: Effect.fn("Profiles.edit")(function* (user, text) {
          yield* checks.check([
            { field: "name", label: "Your name", text: text.name },
            { field: "bio", label: "Your bio", text: text.bio },
          ])
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
    ),
  )
}
