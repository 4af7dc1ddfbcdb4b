import { join } from "node:path"
import { Config, Context, Layer, Option } from "effect"
import { type S3Settings, s3 } from "./s3-config.ts"

export interface StorageConfigShape {
  /** Where stored files live on local disk (with S3, where ffmpeg's copies of them are cached). */
  readonly directory: string
  readonly s3: Option.Option<S3Settings>
}

export class StorageConfig extends Context.Tag("@melody/storage/StorageConfig")<
  StorageConfig,
  StorageConfigShape
>() {}

export const storageConfig = Config.all({
  directory: Config.string("MEDIA_DIR").pipe(
    Config.orElse(() =>
      Config.map(Config.string("DATA_DIR").pipe(Config.withDefault("./.data")), (dataDir) =>
        join(dataDir, "media"),
      ),
    ),
  ),
  s3,
})

export const StorageConfigLive = Layer.effect(StorageConfig, storageConfig)

export const describeStorageConfig = (config: StorageConfigShape) => ({
  media: Option.match(config.s3, {
    onNone: () => `local disk at ${config.directory}`,
    onSome: (s3) => `S3 bucket ${s3.bucket}${s3.endpoint ? ` at ${s3.endpoint.host}` : ""}`,
  }),
})
