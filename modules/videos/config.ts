import { Config, Context, Duration, Layer, type Option } from "effect"

export interface VideosConfigShape {
  /** The video formats' looping backgrounds (the repository's web/public/assets/video-backgrounds). */
  readonly backgrounds: string
  /** Instead of the spec's max(300 s, 3 x the song) for a video render. */
  readonly timeout: Option.Option<Duration.Duration>
}

export class VideosConfig extends Context.Tag("@melody/videos/VideosConfig")<
  VideosConfig,
  VideosConfigShape
>() {}

export const videosConfig = Config.all({
  backgrounds: Config.string("VIDEO_BACKGROUNDS_DIR").pipe(
    Config.withDefault("web/public/assets/video-backgrounds"),
  ),
  timeout: Config.number("VIDEO_TIMEOUT_SECONDS").pipe(
    Config.validate({
      message: "VIDEO_TIMEOUT_SECONDS must be more than 0",
      validation: (n) => n > 0,
    }),
    Config.map((n) => Duration.millis(Math.round(n * 1000))),
    Config.option,
  ),
})

export const VideosConfigLive = Layer.effect(VideosConfig, videosConfig)
