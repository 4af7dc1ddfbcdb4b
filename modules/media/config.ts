import { createHmac } from "node:crypto"
import { join } from "node:path"
import { Config, ConfigError, Context, Duration, Either, Layer, Option, Redacted } from "effect"

/** A Suno-style music API, when configured: the live music maker. */
export interface MusicApiSettings {
  readonly url: URL
  readonly key: Redacted.Redacted
  readonly model: string
  /** The secret in the callback address the music API posts to. */
  readonly callbackSecret: Redacted.Redacted
}

/** An S3-compatible bucket, when configured: where media files live instead of the local disk. */
export interface S3Settings {
  readonly bucket: string
  readonly region: string
  /** Unset: AWS itself. */
  readonly endpoint: URL | undefined
  readonly forcePathStyle: boolean
  readonly accessKeyId: string
  readonly secretAccessKey: Redacted.Redacted
  /** Prepended to every key, to share a bucket. */
  readonly prefix: string
  /** The most the local copies of the bucket's files (for ffmpeg) may take; the least used go first. */
  readonly cacheMaxBytes: number
}

export interface MediaConfigShape {
  /** Where media files live on local disk (with S3, where ffmpeg's copies are cached). */
  readonly directory: string
  readonly s3: Option.Option<S3Settings>
  /** Unset: the project's own music engine. */
  readonly musicApi: Option.Option<MusicApiSettings>
  /** How often a running task is looked at when no callback comes (spec: 8 s). */
  readonly pollInterval: Duration.Duration
  /** A generation not finished by then fails, and its credits are refunded. */
  readonly timeout: Duration.Duration
  /** How long the engine may take for one version before its processes are killed. */
  readonly renderTimeout: Duration.Duration
  /**
   * A generation or video export whose worker has not been seen for this long lost it (a crash) and is
   * taken up again.
   */
  readonly stalledAfter: Duration.Duration
  /** The video formats' looping backgrounds (the repository's web/public/assets/video-backgrounds). */
  readonly videoBackgrounds: string
  /** Instead of the spec's max(300 s, 3 x the song) for a video render. */
  readonly videoTimeout: Option.Option<Duration.Duration>
  /** Generations one person may request per hour. */
  readonly generationsPerHour: number
  /** The offline engine's General MIDI soundfont, instead of the first of Debian's installed. */
  readonly soundfont: Option.Option<string>
}

export class MediaConfig extends Context.Tag("@melody/media/MediaConfig")<
  MediaConfig,
  MediaConfigShape
>() {}

const anySeconds = (name: string) =>
  Config.number(name).pipe(
    Config.validate({ message: `${name} must be more than 0`, validation: (n) => n > 0 }),
    Config.map((n) => Duration.millis(Math.round(n * 1000))),
  )
const seconds = (name: string, fallback: number) =>
  anySeconds(name).pipe(Config.withDefault(Duration.millis(fallback * 1000)))

const musicApi = Config.all({
  url: Config.url("MUSIC_API_URL").pipe(Config.option),
  key: Config.redacted("MUSIC_API_KEY").pipe(Config.option),
  model: Config.string("MUSIC_MODEL").pipe(Config.withDefault("V4_5ALL")),
  callbackSecret: Config.redacted("MUSIC_CALLBACK_SECRET").pipe(Config.option),
}).pipe(
  Config.map(({ url, key, model, callbackSecret }) =>
    Option.map(key, (key) => ({
      url: Option.getOrElse(url, () => new URL("https://api.sunoapi.org")),
      key,
      model,
      // Stable across restarts (callbacks of running tasks keep working) and never the key itself.
      callbackSecret: Option.getOrElse(callbackSecret, () =>
        Redacted.make(
          createHmac("sha256", Redacted.value(key)).update("music-callbacks").digest("hex"),
        ),
      ),
    })),
  ),
)

const s3 = Config.all({
  bucket: Config.string("S3_BUCKET").pipe(Config.option),
  region: Config.string("S3_REGION").pipe(Config.withDefault("us-east-1")),
  endpoint: Config.url("S3_ENDPOINT").pipe(Config.option),
  forcePathStyle: Config.boolean("S3_FORCE_PATH_STYLE").pipe(Config.option),
  accessKeyId: Config.string("S3_ACCESS_KEY_ID").pipe(Config.option),
  secretAccessKey: Config.redacted("S3_SECRET_ACCESS_KEY").pipe(Config.option),
  prefix: Config.string("S3_PREFIX").pipe(Config.withDefault("")),
  cacheMaxBytes: Config.integer("S3_CACHE_MAX_BYTES").pipe(
    Config.withDefault(1024 * 1024 * 1024),
    Config.validate({ message: "S3_CACHE_MAX_BYTES must be positive", validation: (n) => n > 0 }),
  ),
}).pipe(
  Config.mapOrFail((c): Either.Either<Option.Option<S3Settings>, ConfigError.ConfigError> => {
    if (Option.isNone(c.bucket)) return Either.right(Option.none())
    if (Option.isNone(c.accessKeyId) || Option.isNone(c.secretAccessKey)) {
      return Either.left(
        ConfigError.MissingData(
          ["S3_ACCESS_KEY_ID"],
          "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required with S3_BUCKET",
        ),
      )
    }
    const endpoint = Option.getOrUndefined(c.endpoint)
    return Either.right(
      Option.some({
        bucket: c.bucket.value,
        region: c.region,
        endpoint,
        // Self-hosted S3-compatible stores rarely have a DNS name per bucket.
        forcePathStyle: Option.getOrElse(c.forcePathStyle, () => endpoint !== undefined),
        accessKeyId: c.accessKeyId.value,
        secretAccessKey: c.secretAccessKey.value,
        prefix: c.prefix,
        cacheMaxBytes: c.cacheMaxBytes,
      }),
    )
  }),
)

export const mediaConfig = Config.all({
  directory: Config.string("MEDIA_DIR").pipe(
    Config.orElse(() =>
      Config.map(Config.string("DATA_DIR").pipe(Config.withDefault("./.data")), (dataDir) =>
        join(dataDir, "media"),
      ),
    ),
  ),
  s3,
  musicApi,
  pollInterval: seconds("GENERATION_POLL_SECONDS", 8),
  timeout: seconds("GENERATION_TIMEOUT_SECONDS", 600),
  renderTimeout: seconds("ENGINE_TIMEOUT_SECONDS", 300),
  stalledAfter: seconds("GENERATION_STALLED_SECONDS", 30),
  videoBackgrounds: Config.string("VIDEO_BACKGROUNDS_DIR").pipe(
    Config.withDefault(
      join(import.meta.dirname, "..", "..", "web", "public", "assets", "video-backgrounds"),
    ),
  ),
  videoTimeout: anySeconds("VIDEO_TIMEOUT_SECONDS").pipe(Config.option),
  generationsPerHour: Config.integer("GENERATIONS_PER_HOUR").pipe(
    Config.withDefault(30),
    Config.validate({
      message: "GENERATIONS_PER_HOUR must be 1 or more",
      validation: (n) => n >= 1,
    }),
  ),
  soundfont: Config.string("MELODY_SOUNDFONT").pipe(Config.option),
})

export const MediaConfigLive = Layer.effect(MediaConfig, mediaConfig)

export const describeMediaConfig = (config: MediaConfigShape) => ({
  media: Option.match(config.s3, {
    onNone: () => `local disk at ${config.directory}`,
    onSome: (s3) => `S3 bucket ${s3.bucket}${s3.endpoint ? ` at ${s3.endpoint.host}` : ""}`,
  }),
  music: Option.match(config.musicApi, {
    onNone: () => "offline music engine",
    onSome: (api) => `music API at ${api.url.host} (${api.model})`,
  }),
})
