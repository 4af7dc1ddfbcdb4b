import { execFile } from "node:child_process"
import { mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { sineMp3 } from "#toolkit/test-audio.ts"
import { probeFile } from "#toolkit/test-video.ts"
import { videoFormatNames, videoFormats } from "./api-video-formats.ts"
import { layoutOf } from "./video-layout.ts"
import { VideoRenderer } from "./video-renderer.ts"
import type { TimedLine, VideoRequest } from "./video-request.ts"

const execFileAsync = promisify(execFile)
const backgroundsDir = fileURLToPath(
  new URL("../../web/public/assets/video-backgrounds", import.meta.url),
)
const title = "Lanterns"
/** What drawtext and filter graphs treat specially, and a line too long for one row. */
const lyrics: ReadonlyArray<TimedLine> = [
  { text: `It's 100% "us": C:\\night; [a], {b} %{pts} é ♪`, startMs: 200, endMs: 1_000 },
  {
    text: "and this line runs on far longer than any format could ever fit on a single row of its band",
    startMs: 1_100,
    endMs: 1_900,
  },
]
/**
 * Seconds of video: both lines fit in them. Short, since every format renders twice at full size; the
 * baseline needs only the frame compared, at `sungAt`, while the first line is sung.
 */
const songSeconds = 2
const bareSeconds = 1
const sungAt = 0.6

/** One frame of a video as 8-bit grey, row by row. */
const frameAt = (path: string, seconds: number) =>
  Effect.promise(async () => {
    const { stdout } = await execFileAsync(
      "ffmpeg",
      [
        ...["-v", "error", "-ss", String(seconds), "-i", path],
        ...["-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "gray", "pipe:1"],
      ],
      { encoding: "buffer", maxBuffer: 64 * 1024 * 1024 },
    )
    return stdout
  })

/** How much two frames differ inside a box: the mean absolute difference of its pixels, 0-255. */
const differenceIn = (
  a: Buffer,
  b: Buffer,
  width: number,
  box: { x: number; y: number; width: number; height: number },
) => {
  let total = 0
  for (let y = box.y; y < box.y + box.height; y++)
    for (let x = box.x; x < box.x + box.width; x++)
      total += Math.abs(a[y * width + x]! - b[y * width + x]!)
  return total / (box.width * box.height)
}

// The real clock: renders take real seconds.
layer(VideoRenderer.live, { excludeTestServices: true })("lyric videos", (it) => {
  it.scoped(
    "draw each line while it is sung in the lyrics band of every format: a 2 s render against the same without lyrics",
    () =>
      Effect.gen(function* () {
        const renderer = yield* VideoRenderer
        const dir = yield* Effect.acquireRelease(
          Effect.promise(() => mkdtemp(join(tmpdir(), "melody-lyric-video-"))),
          (made) => Effect.promise(() => rm(made, { recursive: true, force: true })),
        )
        const audioPath = join(dir, "song.mp3")
        yield* Effect.promise(async () =>
          writeFile(audioPath, await Effect.runPromise(sineMp3(songSeconds))),
        )
        const request = (
          format: VideoRequest["format"],
          name: string,
          shown: boolean,
        ): VideoRequest => ({
          format,
          audioPath,
          coverPath: null,
          title,
          lyrics: shown ? lyrics : null,
          durationSeconds: songSeconds,
          backgroundsDir,
          outputPath: join(dir, `${format}-${name}.mp4`),
        })
        for (const format of videoFormatNames) {
          const { width, height } = videoFormats[format]
          const withLyrics = request(format, "lyrics", true)
          yield* renderer.render(withLyrics, () => Effect.void)
          const probed = yield* probeFile(withLyrics.outputPath)
          const video = probed.streams.find((stream) => stream.codec_type === "video")!
          expect([video.width, video.height]).toEqual([width, height])
          expect(Number(probed.format.duration)).toBeCloseTo(songSeconds, 0)

          // The same picture, laid out for lyrics but with none drawn, is the baseline.
          const bare = {
            ...request(format, "bare", true),
            lyrics: [{ text: "", startMs: 0, endMs: 0 }],
            durationSeconds: bareSeconds,
          }
          yield* renderer.render(bare, () => Effect.void)
          const box = layoutOf(width, height, title, true).lyrics!.box
          const [sung, silent] = [
            yield* frameAt(withLyrics.outputPath, sungAt),
            yield* frameAt(bare.outputPath, sungAt),
          ]
          expect(differenceIn(sung, silent, width, box), format).toBeGreaterThan(4)
          // Above the band, the picture is the same.
          const above = { ...box, y: box.y - box.height, height: box.height }
          expect(differenceIn(sung, silent, width, above), format).toBeLessThan(2)
          // Portrait frames keep the bottom fifth free for the app's own buttons.
          if (height > width) expect(box.y + box.height).toBeLessThanOrEqual(height * 0.8)
        }
      }),
    6 * 60_000,
  )
})
