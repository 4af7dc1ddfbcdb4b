import { join } from "node:path"
import { Effect, Layer, Option } from "effect"
import { MediaConfig } from "../config.ts"
import { makeS3Storage } from "./s3-storage.ts"
import { MediaStorage, makeLocalStorage } from "./storage.ts"

/** The configured storage: an S3-compatible bucket when one is set, the local disk otherwise. */
export const MediaStorageLive = Layer.effect(
  MediaStorage,
  Effect.flatMap(MediaConfig, (config) =>
    Option.match(config.s3, {
      onNone: () => makeLocalStorage,
      // ffmpeg reads local files: the bucket's objects it needs are cached beside the local media.
      onSome: (s3) => makeS3Storage(s3, join(config.directory, "s3-cache")),
    }),
  ),
)
