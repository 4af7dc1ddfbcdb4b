import { Config, ConfigError, Either, Option, type Redacted } from "effect"

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

/** S3_BUCKET turns the bucket on, and then its keys are required. */
export const s3 = Config.all({
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
