import type { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import { v7 as uuidv7 } from "uuid"
import { actorOf, type SignedInUser } from "#api/auth.ts"
import { NotFound } from "#api/refusals.ts"
import { loadAggregate } from "#events/decider.ts"
import { runCommand } from "#events/handle-command.ts"
import type { EventStore } from "#events/store/index.ts"
import { now } from "#toolkit/clock.ts"
import { InvalidVoice, type KeepVoicePayload, VoiceView } from "../api.ts"
import { Songs } from "../songs.ts"
import { type KeptVoice, type VoiceRefusal, voiceLimit, voiceStream } from "./voice-collection.ts"
import { makeVoiceSource } from "./voice-source.ts"
import type { VoicesShape } from "./voices-shape.ts"

export const voiceNotFound = new NotFound({
  message: "This voice does not exist, or it is private.",
})
const songNotFound = new NotFound({ message: "This song does not exist, or it is private." })

/** What a refused keep tells the person; forgetting is not a keep's refusal. */
const keepRefusal = (refusal: VoiceRefusal) => {
  switch (refusal._tag) {
    case "VoiceNameTaken":
      return new InvalidVoice({ message: `You already have a voice called "${refusal.name}".` })
    case "TooManyVoices":
      return new InvalidVoice({
        message: `You can keep up to ${voiceLimit} voices. Delete one to keep another.`,
      })
    case "NoSuchVoice":
      return refusal
  }
}

/** A voice as its owner sees it: the song it came from, while that song exists. */
const viewOf = (voice: KeptVoice, songExists: boolean) =>
  new VoiceView({
    id: voice.voiceId,
    name: voice.name,
    description: voice.description,
    style: voice.style,
    songId: songExists ? voice.songId : null,
    songTitle: songExists ? voice.songTitle : null,
    singer: voice.singer,
    keptAt: voice.keptAt,
  })

const make = Effect.gen(function* () {
  const songs = yield* Songs
  const sourceOf = yield* makeVoiceSource
  const context = yield* Effect.context<EventStore | SqlClient.SqlClient>()

  const collection = (userId: string) =>
    loadAggregate(voiceStream(userId)).pipe(
      Effect.map((loaded) => loaded.state),
      Effect.orDie,
      Effect.provide(context),
    )

  const keep = Effect.fn("Voices.keep")(function* (user: SignedInUser, payload: KeepVoicePayload) {
    const song = yield* songs.owned(payload.songId, user.userId)
    if (!song) return yield* songNotFound
    const source = yield* sourceOf(song, payload)
    const voice: KeptVoice = {
      userId: user.userId,
      voiceId: uuidv7(),
      name: payload.name,
      description: payload.description,
      style: song.style,
      songId: song.songId,
      songTitle: song.title,
      ...source,
      keptAt: yield* now,
    }
    yield* runCommand({
      ...voiceStream(user.userId),
      command: { _tag: "KeepVoice", voice },
      actor: actorOf(user),
    }).pipe(Effect.mapError(keepRefusal), Effect.catchTag("NoSuchVoice", Effect.die))
    return viewOf(voice, true)
  })

  const list = Effect.fn("Voices.list")(function* (user: SignedInUser) {
    const voices = yield* collection(user.userId)
    const songIds = [...new Set(voices.map((voice) => voice.songId))]
    const existing = yield* Effect.forEach(songIds, (songId) => songs.existing(songId))
    const kept = new Set(songIds.filter((_, i) => existing[i] !== undefined))
    return voices.map((voice) => viewOf(voice, kept.has(voice.songId))).reverse()
  })

  const forget = Effect.fn("Voices.forget")(function* (user: SignedInUser, voiceId: string) {
    yield* runCommand({
      ...voiceStream(user.userId),
      command: { _tag: "ForgetVoice", userId: user.userId, voiceId },
      actor: actorOf(user),
    }).pipe(
      Effect.catchAll((refusal) =>
        refusal._tag === "NoSuchVoice" ? Effect.fail(voiceNotFound) : Effect.die(refusal),
      ),
    )
  })

  return { keep, list, forget } satisfies VoicesShape
})

/** Voices people keep from their songs (see voices-shape.ts). */
export class Voices extends Context.Tag("@melody/music/Voices")<Voices, VoicesShape>() {
  static readonly live = Layer.effect(Voices, make)
}
