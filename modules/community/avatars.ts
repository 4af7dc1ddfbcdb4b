import { readFile } from "node:fs/promises"
import { HttpServerResponse } from "@effect/platform"
import { Context, Effect, Layer } from "effect"
import { v7 as uuidv7 } from "uuid"
import { actorOf, type SignedInUser } from "#api/auth.ts"
import { NotFound } from "#api/refusals.ts"
import { communityStreams, ProfileEvent } from "#events/contracts/community.ts"
import { runCommand, type Writes } from "#events/handle-command.ts"
import { fileResponse } from "#toolkit/file-response.ts"
import { FileStorage } from "#toolkit/storage/index.ts"
import { avatarPath } from "./api-avatar-paths.ts"
import { AvatarAnswer, InvalidAvatar } from "./api-avatars.ts"
import { reencodedAvatar } from "./avatar-image.ts"
import { profile } from "./profile.ts"

const unknownAvatar = new NotFound({ message: "This avatar does not exist." })

/** Creators' own avatars: each sets and removes only their own; anyone sees them. */
export class Avatars extends Context.Tag("@melody/community/Avatars")<
  Avatars,
  {
    /** The avatar uploaded to `path` (a file the request holds), checked and re-encoded. */
    readonly set: (user: SignedInUser, path: string) => Writes<AvatarAnswer, InvalidAvatar>
    /** Back to the avatar drawn from their name. */
    readonly remove: (user: SignedInUser) => Writes<AvatarAnswer>
    readonly serve: (
      file: string,
      rangeHeader: string | undefined,
    ) => Effect.Effect<HttpServerResponse.HttpServerResponse, NotFound>
  }
>() {
  static readonly live = Layer.effect(
    Avatars,
    Effect.gen(function* () {
      const storage = yield* FileStorage

      /** Records the avatar, then lets go of the file it replaces, which nothing shows any more. */
      const record = (user: SignedInUser, avatarKey: string | null) =>
        Effect.gen(function* () {
          const { events } = yield* runCommand({
            decider: profile,
            events: ProfileEvent,
            streamId: communityStreams.profile(user.userId),
            command: { _tag: "SetAvatar", userId: user.userId, avatarKey },
            actor: actorOf(user),
            maxAttempts: 10,
          })
          for (const event of events)
            if (event._tag === "CreatorAvatarChanged" && event.previousKey !== null)
              yield* storage.remove(event.previousKey).pipe(
                Effect.tapError((error) =>
                  Effect.logWarning("A replaced avatar could not be removed", error),
                ),
                Effect.ignore,
              )
          return new AvatarAnswer({ avatarUrl: avatarKey && avatarPath(avatarKey) })
        })

      return Avatars.of({
        set: Effect.fn("Avatars.set")(function* (user, path) {
          const bytes = yield* Effect.promise(() => readFile(path))
          const avatar = yield* reencodedAvatar(bytes).pipe(
            Effect.mapError((message) => new InvalidAvatar({ message })),
          )
          const key = `avatars/${uuidv7()}.webp`
          yield* storage.put(key, avatar).pipe(Effect.orDie)
          return yield* record(user, key)
        }),
        remove: (user) => record(user, null),
        serve: (file, rangeHeader) =>
          Effect.gen(function* () {
            const key = `avatars/${file}`
            const stored = yield* storage.stat(key).pipe(Effect.orElseSucceed(() => undefined))
            if (stored === undefined) return yield* unknownAvatar
            const response = yield* fileResponse({
              ...stored,
              rangeHeader,
              open: (range) => storage.read(key, range),
              directUrl: storage.directUrl(key),
            }).pipe(Effect.orDie)
            // Each upload has an address of its own: what is kept there never changes.
            return response.status === 200
              ? HttpServerResponse.setHeader(
                  response,
                  "cache-control",
                  "public, max-age=31536000, immutable",
                )
              : response
          }),
      })
    }),
  )
}
