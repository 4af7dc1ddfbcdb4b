import { Effect } from "effect"
import sharp from "sharp"
import { avatarSide, maxAvatarBytes, maxAvatarSide, minAvatarSide } from "./api-avatar-paths.ts"

const formats = new Set(["jpeg", "png", "webp"])

/**
 * An uploaded avatar as we keep it: its format read from its bytes (never from its name or the type the
 * browser says), its size checked, then re-encoded as a square WebP of `avatarSide` pixels, cropped to its
 * middle and turned as its camera meant it, with nothing of the original file (its metadata, a payload
 * hidden after the image) kept. Fails with the reason a person reads.
 */
export const reencodedAvatar = (bytes: Uint8Array) =>
  Effect.gen(function* () {
    if (bytes.byteLength > maxAvatarBytes)
      return yield* Effect.fail(`The avatar must be at most ${maxAvatarBytes / 1024 / 1024} MB.`)
    const image = sharp(bytes, { limitInputPixels: maxAvatarSide * maxAvatarSide, failOn: "error" })
    const meta = yield* Effect.tryPromise(() => image.metadata()).pipe(
      Effect.orElseFail(() => "The avatar must be a JPEG, PNG or WebP image."),
    )
    if (!formats.has(meta.format ?? "") || (meta.pages ?? 1) > 1)
      return yield* Effect.fail("The avatar must be a JPEG, PNG or WebP image.")
    const width = meta.autoOrient?.width ?? meta.width ?? 0
    const height = meta.autoOrient?.height ?? meta.height ?? 0
    if (Math.min(width, height) < minAvatarSide)
      return yield* Effect.fail(
        `The avatar must be at least ${minAvatarSide} × ${minAvatarSide} pixels.`,
      )
    if (Math.max(width, height) > maxAvatarSide)
      return yield* Effect.fail(
        `The avatar must be at most ${maxAvatarSide.toLocaleString("en")} pixels on each side.`,
      )
    return yield* Effect.tryPromise(() =>
      image
        .rotate()
        .resize(avatarSide, avatarSide, { fit: "cover", position: "attention" })
        .webp({ quality: 82 })
        .toBuffer(),
    ).pipe(Effect.orElseFail(() => "The avatar could not be read. Please try another one."))
  })
