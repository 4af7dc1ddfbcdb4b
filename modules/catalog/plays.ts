import { Effect } from "effect"
import { actorOf, type SignedInUser } from "#api/auth.ts"
import { Actors } from "#events/contracts/actor.ts"
import { catalogStreams, SongPlayed } from "#events/contracts/catalog.ts"
import { runCommand } from "#events/handle-command.ts"
import type { Client } from "#toolkit/client.ts"
import { now } from "#toolkit/clock.ts"
import { RateLimiter } from "#toolkit/rate-limit.ts"
import { PlayCounted } from "./api-answers.ts"
import { catalogConfig } from "./config.ts"
import { makeListeners } from "./listeners.ts"
import { play } from "./play.ts"
import type { SongAccess } from "./song-access.ts"

/** A play of a song anyone who may see it reports, counted once per listener per half hour. */
export const makePlays = (visibleSong: SongAccess["visibleSong"]) =>
  Effect.gen(function* () {
    const listenerOf = yield* makeListeners
    const limiter = yield* RateLimiter
    const { playsPerAddress } = yield* catalogConfig

    return Effect.fn("Catalog.play")(function* (
      viewer: SignedInUser | undefined,
      songId: string,
      client: Client,
    ) {
      yield* limiter.hit(`plays:${client.address}`, playsPerAddress)
      yield* visibleSong(songId, viewer?.userId)
      const listener = yield* listenerOf(viewer?.userId, client)
      const decided = yield* runCommand({
        decider: play,
        events: SongPlayed,
        streamId: catalogStreams.play(songId, listener),
        command: { songId, listener, at: yield* now },
        actor: viewer === undefined ? Actors.anonymous : actorOf(viewer),
        maxAttempts: 10,
      })
      return new PlayCounted({ counted: decided.events.length > 0 })
    })
  })
