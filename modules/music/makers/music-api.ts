import { Context, Effect, Layer, Option, Redacted, Schema } from "effect"
import { MusicConfig } from "../config.ts"
import type { MusicApiSettings } from "../music-api-config.ts"
import {
  type AlignedWord,
  Envelope,
  MusicApiRefused,
  type MusicApiTask,
  RecordInfo,
  refusal,
  type SongOrder,
  Submitted,
  TimestampedLyrics,
  toTrack,
} from "./music-api-answers.ts"
import type { EditOrder, PersonaOrder } from "./music-api-orders.ts"
import { type Separation, SeparationInfo, separationOf } from "./music-api-separation.ts"

/**
 * A Suno-style music API (sunoapi.org and its twins): `POST /api/v1/generate` starts a task of two songs,
 * `GET /api/v1/generate/record-info` tells how far it is. Every answer is `{ code, msg, data }`, and `code`
 * carries refusals even when HTTP says 200.
 */

const makeClient = (settings: MusicApiSettings) => {
  const call = <A, I>(path: string, init: RequestInit, schema: Schema.Schema<A, I>) =>
    Effect.tryPromise({
      try: async (signal) => {
        const response = await fetch(new URL(path, settings.url), {
          ...init,
          signal: AbortSignal.any([signal, AbortSignal.timeout(30_000)]),
          headers: {
            authorization: `Bearer ${Redacted.value(settings.key)}`,
            "content-type": "application/json",
            accept: "application/json",
          },
        })
        return { status: response.status, body: await response.text() }
      },
      catch: (error) =>
        new MusicApiRefused({
          code: 0,
          message: `The music service could not be reached: ${error instanceof Error ? error.message : String(error)}`,
          retryable: true,
        }),
    }).pipe(
      Effect.flatMap(({ status, body }) => {
        const envelope = Schema.decodeUnknownOption(Schema.parseJson(Envelope))(body)
        if (Option.isNone(envelope)) return Effect.fail(refusal(status === 200 ? 500 : status, ""))
        const { code, msg, data } = envelope.value
        if (status !== 200 || code !== 200)
          return Effect.fail(refusal(code === 200 ? status : code, msg))
        return Schema.decodeUnknown(schema)(data).pipe(
          Effect.mapError(
            () =>
              new MusicApiRefused({
                code: 500,
                message: "The music service's answer was not understood.",
                retryable: true,
              }),
          ),
        )
      }),
      Effect.withSpan("MusicApi.call", {
        kind: "client",
        attributes: { path, method: init.method ?? "GET" },
      }),
    )

  return {
    generate: (order: SongOrder) =>
      Effect.map(
        call(
          "/api/v1/generate",
          {
            method: "POST",
            body: JSON.stringify({
              customMode: true,
              instrumental: order.instrumental,
              model: settings.model,
              title: order.title,
              style: order.style,
              prompt: order.lyrics,
              ...(order.vocalGender ? { vocalGender: order.vocalGender } : {}),
              ...(order.personaId ? { personaId: order.personaId } : {}),
              callBackUrl: order.callbackUrl,
            }),
          },
          Submitted,
        ),
        (data) => data.taskId,
      ),
    edit: (order: EditOrder) =>
      Effect.map(
        call(
          `/api/v1/generate/${order.path}`,
          { method: "POST", body: JSON.stringify({ model: settings.model, ...order.fields }) },
          Submitted,
        ),
        (data) => data.taskId,
      ),
    persona: (persona: PersonaOrder) =>
      Effect.map(
        call(
          "/api/v1/generate/generate-persona",
          { method: "POST", body: JSON.stringify(persona) },
          Schema.Struct({ personaId: Schema.String }),
        ),
        (data) => data.personaId,
      ),
    timestampedLyrics: (taskId: string, audioId: string) =>
      Effect.map(
        call(
          "/api/v1/generate/get-timestamped-lyrics",
          { method: "POST", body: JSON.stringify({ taskId, audioId }) },
          TimestampedLyrics,
        ),
        (data) => data.alignedWords,
      ),
    separate: (order: SeparationOrder) =>
      Effect.map(
        call(
          "/api/v1/vocal-removal/generate",
          {
            method: "POST",
            body: JSON.stringify({
              taskId: order.taskId,
              audioId: order.audioId,
              type: settings.stemSplit,
              callBackUrl: order.callbackUrl,
            }),
          },
          Submitted,
        ),
        (data) => data.taskId,
      ),
    separation: (taskId: string) =>
      Effect.map(
        call(
          `/api/v1/vocal-removal/record-info?taskId=${encodeURIComponent(taskId)}`,
          { method: "GET" },
          SeparationInfo,
        ),
        separationOf,
      ),
    task: (taskId: string) =>
      Effect.map(
        call(
          `/api/v1/generate/record-info?taskId=${encodeURIComponent(taskId)}`,
          { method: "GET" },
          RecordInfo,
        ),
        (info): MusicApiTask => ({
          status: info.status ?? "PENDING",
          tracks: (info.response?.sunoData ?? []).map(toTrack),
          errorMessage: info.errorMessage,
        }),
      ),
  }
}

/** One of the music API's tracks to take apart: its task, the track, where to call back. */
export interface SeparationOrder {
  readonly taskId: string
  readonly audioId: string
  readonly callbackUrl: string
}

export class MusicApi extends Context.Tag("@melody/music/MusicApi")<
  MusicApi,
  {
    readonly generate: (order: SongOrder) => Effect.Effect<string, MusicApiRefused>
    /** Starts an operation on audio the API fetches (see music-api-orders.ts); answers its task. */
    readonly edit: (order: EditOrder) => Effect.Effect<string, MusicApiRefused>
    /** Keeps the voice of one of its tracks as a persona; answers the persona's id. */
    readonly persona: (persona: PersonaOrder) => Effect.Effect<string, MusicApiRefused>
    readonly task: (taskId: string) => Effect.Effect<MusicApiTask, MusicApiRefused>
    /** When each word of a finished track is sung. */
    readonly timestampedLyrics: (
      taskId: string,
      audioId: string,
    ) => Effect.Effect<ReadonlyArray<AlignedWord>, MusicApiRefused>
    /** Starts taking one of its tracks apart into stems; answers the separation's task. */
    readonly separate: (order: SeparationOrder) => Effect.Effect<string, MusicApiRefused>
    readonly separation: (taskId: string) => Effect.Effect<Separation, MusicApiRefused>
  }
>() {
  /** The configured API; without one, every call is refused (the engine makes the music then). */
  static readonly live = Layer.effect(
    MusicApi,
    Effect.map(MusicConfig, (config) =>
      Option.match(config.musicApi, {
        onSome: makeClient,
        onNone: () => {
          const none = Effect.fail(
            new MusicApiRefused({
              code: 0,
              message: "No music API is configured.",
              retryable: false,
            }),
          )
          return {
            generate: () => none,
            edit: () => none,
            persona: () => none,
            task: () => none,
            timestampedLyrics: () => none,
            separate: () => none,
            separation: () => none,
          }
        },
      }),
    ),
  )
}
