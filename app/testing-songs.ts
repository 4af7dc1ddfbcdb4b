import { Effect } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import {
  mediaStreams,
  SongGenerationRequested,
  SongGenerationSucceeded,
} from "#events/contracts/media.ts"
import { EventStore, toNewEvent } from "#events/store/index.ts"
import type { SyncedLyrics } from "#modules/catalog/api-synced-lyrics.ts"
import { songIdOfVersion } from "#modules/catalog/index.ts"
import type { RenderFacts } from "#modules/music/index.ts"
import { FileStorage } from "#toolkit/storage/index.ts"
import { sineMp3 } from "#toolkit/test-audio.ts"
import { type browser, settle } from "./testing.ts"
import { callAs } from "./testing-client.ts"

type Browser = ReturnType<typeof browser>

/** Puts a file into media storage, as the music module does with what it renders or copies. */
export const storeMedia = (key: string, bytes: Uint8Array) =>
  Effect.flatMap(FileStorage, (storage) => storage.put(key, bytes))

const encodeSucceeded = toNewEvent(SongGenerationSucceeded)
const encodeRequested = toNewEvent(SongGenerationRequested)

/**
 * A generation's success on its stream, as media records it, and the catalog's reaction to it; after its
 * request, when one is given.
 */
const deliver = (event: SongGenerationSucceeded, requested?: SongGenerationRequested) =>
  Effect.gen(function* () {
    const store = yield* EventStore
    const metadata = { actor: Actors.system("media"), correlationId: event.generationId }
    yield* store.append(mediaStreams.generation(event.generationId), "no_stream", [
      ...(requested ? [encodeRequested(requested, metadata, crypto.randomUUID())] : []),
      encodeSucceeded(event, metadata, crypto.randomUUID()),
    ])
    yield* settle
  })

/**
 * A finished generation as the music module delivers it: its versions are MP3s (sine tones of `seconds`,
 * 2 by default) already in our storage, with `cover` as their cover and `synced` as their timed lyrics
 * if given. The catalog's reaction saves them as private songs, 'Title (Version N)'.
 */
export const seedGeneration = (
  userId: string,
  title: string,
  versions = 2,
  style = "Pop, upbeat, female vocals",
  {
    seconds = 2,
    cover,
    synced,
    lyrics = `[Verse 1]\nA song called ${title}`,
  }: {
    readonly seconds?: number
    readonly lyrics?: string
    readonly cover?: Uint8Array
    readonly synced?: SyncedLyrics
  } = {},
) =>
  Effect.gen(function* () {
    const generationId = crypto.randomUUID()
    const list = []
    for (let index = 1; index <= versions; index++) {
      const versionId = crypto.randomUUID()
      const audioKey = `songs/${versionId}.mp3`
      yield* storeMedia(audioKey, yield* sineMp3(seconds, 330 + index * 110))
      const imageKey = cover ? `covers/${versionId}.jpeg` : null
      if (cover && imageKey) yield* storeMedia(imageKey, cover)
      const syncedLyricsKey = `songs/${versionId}.lyrics.json`
      if (synced)
        yield* storeMedia(syncedLyricsKey, new TextEncoder().encode(JSON.stringify(synced)))
      list.push({
        ...(synced ? { syncedLyricsKey } : {}),
        versionId,
        index,
        audioKey,
        imageKey,
        sourceImageUrl: null,
        durationMs: seconds * 1000,
      })
    }
    const event = new SongGenerationSucceeded({
      generationId,
      userId,
      title,
      style,
      lyrics,
      versions: list,
    })
    yield* deliver(event)
    return { generationId, versions: list }
  })

/**
 * A finished song as the offline engine delivers it: one version whose MP3 (a sine tone as long as the
 * facts say) and musical facts are where the engine keeps them, so operations can start from it; with
 * `requested`, after the free request the engine played it from, so it can be played again. Returns the
 * song id the catalog saved it as.
 */
export const seedEngineSong = (
  userId: string,
  title: string,
  facts: RenderFacts,
  options: { readonly requested?: boolean } = {},
) =>
  Effect.gen(function* () {
    const generationId = crypto.randomUUID()
    const versionId = `${generationId}-1`
    const audioKey = `generations/${generationId}/1.mp3`
    yield* storeMedia(audioKey, yield* sineMp3(Math.round(facts.durationMs / 1000), 440))
    yield* storeMedia(
      `generations/${generationId}/1.json`,
      new TextEncoder().encode(JSON.stringify(facts)),
    )
    const event = new SongGenerationSucceeded({
      generationId,
      userId,
      title,
      style: "upbeat pop with female vocals",
      lyrics: facts.sections.map((s) => `${s.label}\n${s.lines.join("\n")}`).join("\n\n"),
      versions: [
        {
          versionId,
          index: 1,
          audioKey,
          imageKey: null,
          sourceImageUrl: null,
          durationMs: facts.durationMs,
        },
      ],
    })
    const requested =
      options.requested === true
        ? new SongGenerationRequested({
            generationId,
            userId,
            title,
            style: event.style,
            lyrics: event.lyrics,
            instrumental: false,
            operation: null,
            voice: null,
            credits: 0,
            maker: "engine",
            requestedAt: new Date(),
          })
        : undefined
    yield* deliver(event, requested)
    return { generationId, versionId, songId: songIdOfVersion(versionId) }
  })

/**
 * A library of `songs` songs of this person's (two versions to a generation), each with `audio` as its
 * MP3, delivered together: many songs without waiting for the catalog after each.
 */
export const seedLibrary = (userId: string, songs: number, audio: Uint8Array) =>
  Effect.gen(function* () {
    const store = yield* EventStore
    for (let first = 1; first <= songs; first += 2) {
      const generationId = crypto.randomUUID()
      const versions = []
      for (let index = 1; index <= Math.min(2, songs - first + 1); index++) {
        const audioKey = `generations/${generationId}/${index}.mp3`
        yield* storeMedia(audioKey, audio)
        versions.push({
          versionId: `${generationId}-${index}`,
          index,
          audioKey,
          imageKey: null,
          sourceImageUrl: null,
          durationMs: 60_000,
        })
      }
      const event = new SongGenerationSucceeded({
        generationId,
        userId,
        title: `Song ${Math.ceil(first / 2)}`,
        style: "Pop, upbeat, female vocals",
        lyrics: "[Verse]\nA line to sing",
        versions,
      })
      yield* store.append(mediaStreams.generation(generationId), "no_stream", [
        encodeSucceeded(
          event,
          { actor: Actors.system("media"), correlationId: generationId },
          crypto.randomUUID(),
        ),
      ])
    }
    yield* settle
  })

/** A one-version song of `owner`'s, saved private, then made public from their browser unless asked not to. */
export const songOf = (
  owner: { readonly user: { readonly id: string }; readonly person: Browser },
  title: string,
  isPublic = true,
) =>
  Effect.gen(function* () {
    yield* seedGeneration(owner.user.id, title, 1)
    const songs = yield* callAs(owner.person, (api) => api.songs.mySongs())
    const song = songs.find((s) => s.title.startsWith(title))!
    if (isPublic) yield* owner.person.patch(`/api/songs/${song.id}/privacy`, { isPublic: true })
    return song
  })
