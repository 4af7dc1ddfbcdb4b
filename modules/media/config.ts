import { join } from "node:path"
import { Config, Context, Layer } from "effect"

export interface MediaConfigShape {
  /** Where media files live on local disk. */
  readonly directory: string
}

export class MediaConfig extends Context.Tag("@melody/media/MediaConfig")<
  MediaConfig,
  MediaConfigShape
>() {}

export const mediaConfig = Config.all({
  directory: Config.string("MEDIA_DIR").pipe(
    Config.orElse(() =>
      Config.map(Config.string("DATA_DIR").pipe(Config.withDefault("./.data")), (dataDir) =>
        join(dataDir, "media"),
      ),
    ),
  ),
})

export const MediaConfigLive = Layer.effect(MediaConfig, mediaConfig)
