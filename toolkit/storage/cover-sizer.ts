import { Context, Data, Effect, Layer } from "effect"
import sharp from "sharp"
import type { CoverWidth } from "#modules/catalog/api-covers.ts"
import { setBounded } from "#toolkit/bounded-map.ts"
import { singleFlight } from "#toolkit/single-flight.ts"
import { sizedCoverOf } from "./cover-keys.ts"
import { FileStorage } from "./storage.ts"

export class SizingFailed extends Data.TaggedError("SizingFailed")<{
  readonly reason: string
}> {}

/** Large enough to be any cover we keep; an image beyond it is no cover and is not decoded. */
const pixelLimit = 4096 * 4096

/** How many kept copies this process remembers it has seen: about 100 bytes each. */
const rememberedCopies = 10_000

/**
 * A stored cover at a smaller width, as WebP, made by sharp once per cover and width and kept in storage
 * beside the original (`sizedCoverOf`): a phone showing twenty covers on the timeline downloads them at
 * the size it draws them, not at the provider's 1024 px or more.
 */
export class CoverSizer extends Context.Tag("@melody/storage/CoverSizer")<
  CoverSizer,
  {
    readonly sized: (key: string, width: CoverWidth) => Effect.Effect<string, SizingFailed>
    /** The copy if it is kept already: serving it makes nothing. */
    readonly kept: (key: string, width: CoverWidth) => Effect.Effect<string | undefined>
    /** How many copies this process has started sharp to make. */
    readonly sizings: Effect.Effect<number>
  }
>() {
  static readonly live = Layer.effect(
    CoverSizer,
    Effect.gen(function* () {
      const storage = yield* FileStorage
      // A cover's key never names another image, so a copy once kept stays its copy until the song is
      // deleted, and a deleted song's cover is never asked for: remembered, a copy is served without first
      // asking storage for it (a HEAD request on S3).
      const kept = new Map<string, true>()

      let sizings = 0

      const resize = (input: string, width: CoverWidth) =>
        Effect.tryPromise({
          try: () => {
            sizings += 1
            return (
              sharp(input, { limitInputPixels: pixelLimit })
                // A smaller cover stays its size: enlarged, it would only weigh more.
                .resize(width, width, { fit: "cover", withoutEnlargement: true })
                .webp({ quality: 78, effort: 4 })
                .toBuffer()
            )
          },
          catch: (error) => new SizingFailed({ reason: String(error) }),
        })

      const known = (target: string) =>
        Effect.gen(function* () {
          if (kept.has(target)) return true
          const stored = (yield* storage.stat(target)) !== undefined
          if (stored) setBounded(kept, target, true, rememberedCopies)
          return stored
        })

      const keptCopy = (key: string, width: CoverWidth) =>
        Effect.map(known(sizedCoverOf(key, width)), (stored) =>
          stored ? sizedCoverOf(key, width) : undefined,
        ).pipe(Effect.orElseSucceed(() => undefined))

      const make = (key: string, width: CoverWidth) =>
        Effect.gen(function* () {
          const target = sizedCoverOf(key, width)
          if (!(yield* known(target))) {
            const image = yield* resize(yield* storage.localPath(key), width)
            yield* storage.put(target, image)
            setBounded(kept, target, true, rememberedCopies)
          }
          return target
        }).pipe(
          Effect.catchTag("InvalidKey", (error) =>
            Effect.fail(new SizingFailed({ reason: `no file ${error.key}` })),
          ),
        )

      // Requests for a copy being made wait for it rather than start sharp again.
      const flights = singleFlight<string, SizingFailed, never>()
      const sized = (key: string, width: CoverWidth) =>
        flights(sizedCoverOf(key, width), make(key, width)).pipe(
          Effect.withSpan("CoverSizer.sized", { attributes: { key, width } }),
        )

      return { sized, kept: keptCopy, sizings: Effect.sync(() => sizings) }
    }),
  )
}
