import { join } from "node:path"
import { Effect, Layer, Option } from "effect"
import { processRole, rendersHere } from "../process-role.ts"
import { CoverSizer } from "./cover-sizer.ts"
import { DelegatedFileWorkLive } from "./file-work-jobs.ts"
import { makeS3Storage } from "./s3-storage.ts"
import { FileStorage, makeLocalStorage } from "./storage.ts"
import { StorageConfig, StorageConfigLive } from "./storage-config.ts"
import { WavConverter } from "./wav-converter.ts"
import { Waveforms } from "./waveforms.ts"

/** The configured storage: an S3-compatible bucket when one is set, the local disk otherwise. */
export const FileStorageLive = Layer.effect(
  FileStorage,
  Effect.flatMap(StorageConfig, (config) =>
    Option.match(config.s3, {
      onNone: () => makeLocalStorage,
      // ffmpeg reads local files: the bucket's objects it needs are cached beside the local media.
      onSome: (s3) => makeS3Storage(s3, join(config.directory, "s3-cache")),
    }),
  ),
)

/** WAVs and waveforms made here, or by a worker for a web process (file-work-jobs.ts). */
const FileWorkLive = Layer.unwrapEffect(
  Effect.map(processRole, (role) =>
    rendersHere(role) ? Layer.mergeAll(WavConverter.live, Waveforms.live) : DelegatedFileWorkLive,
  ),
)

/** Stored files as the configuration says, with the WAVs, sized covers and waveforms made from them. */
export const StorageLive = Layer.mergeAll(FileWorkLive, CoverSizer.live).pipe(
  Layer.provideMerge(FileStorageLive),
  Layer.provideMerge(StorageConfigLive),
)
