import { execFile } from "node:child_process"
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { expect, layer } from "@effect/vitest"
import { Effect, Fiber, Schedule } from "effect"
import type { VideoFormat } from "#events/contracts/video-exports.ts"
import { processesMentioning } from "#stand-ins/music-engine/test-audio-measures.ts"
import { sineMp3 } from "#toolkit/test-audio.ts"
import { probeFile } from "#toolkit/test-video.ts"
import { videoFormatNames, videoFormats } from "./api-video-formats.ts"
import { VideoRenderer } from "./video-renderer.ts"
import { RenderFailed, timedOutReason, type VideoRequest } from "./video-request.ts"

const execFileAsync = promisify(execFile)
const minute = 60_000
const backgroundsDir = fileURLToPath(
  new URL("../../web/public/assets/video-backgrounds", import.meta.url),
)
/** Everything drawtext and filter graphs treat specially, and a would-be expansion. */
const nastyTitle = `It's 100% "Rock": C:\\path; [a], {b} %{pts} \\n = é ♪`

const scratchDir = Effect.acquireRelease(
  Effect.promise(() => mkdtemp(join(tmpdir(), "melody-video-test-"))),
  (dir) => Effect.promise(() => rm(dir, { recursive: true, force: true })),
)

const writeSong = (dir: string, seconds: number) =>
  Effect.gen(function* () {
    const path = join(dir, `song-${seconds}.mp3`)
    const bytes = yield* sineMp3(seconds)
    yield* Effect.promise(() => writeFile(path, bytes))
    return path
  })

const writeCover = (dir: string) =>
  Effect.promise(async () => {
    const path = join(dir, "cover.jpg")
    await execFileAsync("ffmpeg", [
      ...["-v", "error", "-f", "lavfi", "-i", "testsrc2=s=640x480", "-frames:v", "1", path],
    ])
    return path
  })

/** The same bytes every run: what is not an MP3 at all. */
const writeNoise = (dir: string) =>
  Effect.promise(async () => {
    const path = join(dir, "corrupt.mp3")
    const bytes = new Uint8Array(64 * 1024)
    let state = 0x2545f491
    for (let i = 0; i < bytes.length; i++) {
      state ^= state << 13
      state ^= state >>> 17
      state ^= state << 5
      bytes[i] = state & 0xff
    }
    await writeFile(path, bytes)
    return path
  })

/** The file's top-level MP4 boxes, in order: faststart puts `moov` before `mdat`. */
const topLevelBoxes = (bytes: Buffer) => {
  const boxes: Array<string> = []
  for (let offset = 0; offset + 8 <= bytes.length; ) {
    const size = bytes.readUInt32BE(offset)
    boxes.push(bytes.toString("latin1", offset + 4, offset + 8))
    const length = size === 1 ? Number(bytes.readBigUInt64BE(offset + 8)) : size
    if (length < 8) break
    offset += length
  }
  return boxes
}

const filesIn = (dir: string) => Effect.promise(() => readdir(dir))

const request = (dir: string, fields: Partial<VideoRequest>): VideoRequest => ({
  format: "instagram-story",
  audioPath: join(dir, "song-5.mp3"),
  coverPath: null,
  title: nastyTitle,
  durationSeconds: 5,
  backgroundsDir,
  outputPath: join(dir, "out", "video.mp4"),
  ...fields,
})

/** A line of `pgrep -a`: the pid, then the command line, which starts with ffmpeg's path. */
const isFfmpeg = (line: string) => /^\d+ \S*ffmpeg /.test(line)

/** ffmpeg processes writing into `dir`, by command line, while `effect` runs. */
const watchingFfmpeg = <A, E, R>(dir: string, effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const seen = new Set<string>()
    const watcher = yield* Effect.fork(
      processesMentioning(dir).pipe(
        Effect.tap((lines) => {
          for (const line of lines) if (isFfmpeg(line)) seen.add(line)
        }),
        Effect.zipRight(Effect.sleep("50 millis")),
        Effect.forever,
      ),
    )
    const result = yield* effect
    yield* Fiber.interrupt(watcher)
    return { result, seen }
  })

const ffmpegChildren = Effect.promise(() =>
  execFileAsync("pgrep", ["-P", String(process.pid), "-x", "ffmpeg"]).then(
    ({ stdout }) => stdout.trim(),
    () => "",
  ),
)

// The real clock: renders take real seconds, and the timeouts under test are real ones.
layer(VideoRenderer.live, { excludeTestServices: true })("the video renderer", (it) => {
  const renderFormat = (format: VideoFormat) =>
    Effect.gen(function* () {
      const renderer = yield* VideoRenderer
      const dir = yield* scratchDir
      yield* writeSong(dir, 5)
      const coverPath = yield* writeCover(dir)
      const reports: Array<{ percent: number; step: string }> = []
      const { outputPath } = request(dir, {})
      yield* renderer.render(request(dir, { format, coverPath }), (percent, step) =>
        Effect.sync(() => reports.push({ percent, step })),
      )
      return { outputPath, reports, dir }
    })

  for (const format of videoFormatNames) {
    const { width, height } = videoFormats[format]
    it.scoped(
      `${format}: a 5-second H.264/AAC MP4 at ${width}x${height}, 30 fps, faststart`,
      () =>
        Effect.gen(function* () {
          const { outputPath, reports, dir } = yield* renderFormat(format)
          const { streams, format: container } = yield* probeFile(outputPath)
          const video = streams.find((s) => s.codec_type === "video")
          const audio = streams.find((s) => s.codec_type === "audio")
          expect(video).toMatchObject({
            codec_name: "h264",
            pix_fmt: "yuv420p",
            width,
            height,
            r_frame_rate: "30/1",
          })
          expect(audio?.codec_name).toBe("aac")
          // ffmpeg's AAC encoder aims at the rate on average: a few percent either way.
          expect(Math.abs(Number(audio?.bit_rate) - 128_000)).toBeLessThan(8_000)
          expect(Math.abs(Number(container.duration) - 5)).toBeLessThanOrEqual(0.1)

          const boxes = topLevelBoxes(yield* Effect.promise(() => readFile(outputPath)))
          expect(boxes).toContain("mdat")
          expect(boxes.indexOf("moov")).toBeGreaterThan(-1)
          expect(boxes.indexOf("moov")).toBeLessThan(boxes.indexOf("mdat"))

          const percents = reports.map((r) => r.percent)
          expect(percents).toEqual([...percents].sort((a, b) => a - b))
          expect(new Set(percents).size).toBe(percents.length)
          expect(reports[0]).toEqual({ percent: 0, step: "Preparing the picture" })
          expect(reports.some((r) => r.step === "Rendering video")).toBe(true)
          expect(reports.at(-1)?.percent).toBe(100)
          expect(yield* filesIn(join(dir, "out"))).toEqual(["video.mp4"])
        }),
      minute,
    )
  }

  it.scoped(
    "a song without a cover still gets its picture",
    () =>
      Effect.gen(function* () {
        const renderer = yield* VideoRenderer
        const dir = yield* scratchDir
        yield* writeSong(dir, 5)
        const fields = { format: "youtube" as const, coverPath: null, title: "Night Bus" }
        yield* renderer.render(request(dir, fields), () => Effect.void)
        const { streams } = yield* probeFile(request(dir, {}).outputPath)
        expect(streams.find((s) => s.codec_type === "video")).toMatchObject({
          width: 1920,
          height: 1080,
        })
      }),
    minute,
  )

  it.scoped(
    "corrupt audio fails with ffmpeg's reason and leaves nothing half-written",
    () =>
      Effect.gen(function* () {
        const renderer = yield* VideoRenderer
        const dir = yield* scratchDir
        const audioPath = yield* writeNoise(dir)
        const failure = yield* Effect.flip(
          renderer.render(request(dir, { audioPath }), () => Effect.void),
        )
        expect(failure).toBeInstanceOf(RenderFailed)
        expect(failure.timedOut).toBe(false)
        expect(failure.reason).toMatch(/ffmpeg exited with code \d+: .*the song's audio/s)
        expect(failure.reason).not.toContain(dir)
        expect(yield* filesIn(join(dir, "out"))).toEqual([])
      }),
    minute,
  )

  it.scoped(
    "a render past its time is killed with SIGKILL and fails with the spec's message",
    () =>
      Effect.gen(function* () {
        const renderer = yield* VideoRenderer
        const dir = yield* scratchDir
        const audioPath = yield* writeSong(dir, 30)
        const { result: failure, seen } = yield* watchingFfmpeg(
          dir,
          Effect.flip(
            renderer.render(
              request(dir, { audioPath, durationSeconds: 30, timeoutMs: 2500 }),
              () => Effect.void,
            ),
          ),
        )
        expect(failure).toEqual(new RenderFailed({ reason: timedOutReason, timedOut: true }))
        // It was rendering when the time ran out, and no ffmpeg outlived it, nor any partial file.
        expect(seen.size).toBeGreaterThan(0)
        expect(yield* processesMentioning(dir)).toEqual([])
        expect(yield* ffmpegChildren).toBe("")
        expect(yield* filesIn(join(dir, "out"))).toEqual([])
      }),
    minute,
  )

  it.scoped(
    "a timeout that comes before ffmpeg has even started still leaves no ffmpeg behind",
    () =>
      Effect.gen(function* () {
        const renderer = yield* VideoRenderer
        const dir = yield* scratchDir
        const audioPath = yield* writeSong(dir, 30)
        const started = Date.now()
        const failure = yield* Effect.flip(
          renderer.render(
            request(dir, { audioPath, durationSeconds: 30, timeoutMs: 0 }),
            () => Effect.void,
          ),
        )
        expect(failure.timedOut).toBe(true)
        // Promptly: not by waiting for a render that started late to finish.
        expect(Date.now() - started).toBeLessThan(3000)
        yield* Effect.sleep("1 second")
        expect(yield* processesMentioning(dir)).toEqual([])
        expect(yield* filesIn(join(dir, "out"))).toEqual([])
      }),
    minute,
  )

  it.scoped(
    "an interrupted render is killed the same way",
    () =>
      Effect.gen(function* () {
        const renderer = yield* VideoRenderer
        const dir = yield* scratchDir
        const audioPath = yield* writeSong(dir, 30)
        const running = yield* Effect.fork(
          renderer.render(request(dir, { audioPath, durationSeconds: 30 }), () => Effect.void),
        )
        yield* processesMentioning(dir).pipe(
          Effect.filterOrFail((lines) => lines.some(isFfmpeg)),
          Effect.retry(Schedule.spaced("50 millis")),
          Effect.timeout("20 seconds"),
        )
        yield* Fiber.interrupt(running)
        expect(yield* processesMentioning(dir)).toEqual([])
        expect(yield* ffmpegChildren).toBe("")
        expect(yield* filesIn(join(dir, "out"))).toEqual([])
      }),
    minute,
  )
})
