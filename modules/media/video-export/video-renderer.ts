import { mkdir, rename, rm } from "node:fs/promises"
import { availableParallelism } from "node:os"
import { dirname, join } from "node:path"
import { Context, Data, Duration, Effect, Exit, Layer, Stream } from "effect"
import ffmpeg from "fluent-ffmpeg"
import {
  type VideoFormat,
  videoFormats,
  videoTimedOutMessage,
  videoTimeoutMs,
} from "#events/contracts/video-formats.ts"
import { tetheredFfmpeg } from "../tethered-ffmpeg.ts"
import { filterGraphOf } from "./video-filter-graph.ts"
import { layoutOf } from "./video-layout.ts"

export class RenderFailed extends Data.TaggedError("RenderFailed")<{
  readonly reason: string
  readonly timedOut: boolean
}> {}

export interface VideoRequest {
  readonly format: VideoFormat
  readonly audioPath: string
  readonly coverPath: string | null
  readonly title: string
  readonly durationSeconds: number
  /** Where the formats' looping backgrounds are: web/public/assets/video-backgrounds in the repository. */
  readonly backgroundsDir: string
  readonly outputPath: string
  /** Instead of max(300 s, 3 x the song): a test forces a timeout with a tiny one. */
  readonly timeoutMs?: number
}

export const timedOutReason = videoTimedOutMessage

/** The end of what ffmpeg said before it failed: enough to see why, never a whole log. */
const tail = (text: string) => text.trim().split("\n").slice(-12).join("\n").slice(-2000)

const failed = (reason: string) => new RenderFailed({ reason, timedOut: false })

/** ffmpeg's `time=` (hh:mm:ss.cc) in seconds; negative and N/A times say nothing yet. */
const secondsOf = (timemark: string) => {
  const parts = /^(\d+):(\d+):(\d+(?:\.\d+)?)$/.exec(timemark)
  return parts ? Number(parts[1]) * 3600 + Number(parts[2]) * 60 + Number(parts[3]) : undefined
}

const commandOf = (request: VideoRequest, output: string) => {
  const { width, height, background } = videoFormats[request.format]
  const layout = layoutOf(width, height, request.title)
  const hasCover = request.coverPath !== null
  const backgroundPath = join(request.backgroundsDir, background)
  const command = ffmpeg()
    .setFfmpegPath(tetheredFfmpeg)
    .input(backgroundPath)
    .inputOptions(["-stream_loop", "-1"])
    .input(request.audioPath)
  if (request.coverPath !== null) command.input(request.coverPath)
  const graph = filterGraphOf({ width, height, layout, hasCover })
  command
    .complexFilter(graph, ["v", "a"])
    .outputOptions([
      ...["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-r", "30"],
      ...["-c:a", "aac", "-b:a", "128k", "-movflags", "+faststart"],
      ...["-t", String(request.durationSeconds), "-shortest", "-f", "mp4"],
    ])
    .output(output)
  // What ffmpeg's messages quote, said in words: the whole graph when it names a stream it lacks, and the
  // server's paths, which are nobody's business.
  const quoted: ReadonlyArray<readonly [string, string]> = [
    [graph, "the filter graph"],
    [request.audioPath, "the song's audio"],
    ...(request.coverPath ? [[request.coverPath, "the cover"] as const] : []),
    [backgroundPath, "the background"],
    [output, "the video"],
  ]
  const reasonOf = (message: string) =>
    tail(quoted.reduce((text, [what, words]) => text.replaceAll(what, words), message))
  return { command, reasonOf }
}

/**
 * The output time ffmpeg reports, until it ends. Ending the stream early (a timeout, an interruption)
 * kills ffmpeg with SIGKILL and waits until it is gone.
 */
const timesOf = ({ command, reasonOf }: ReturnType<typeof commandOf>) =>
  Stream.async<number, RenderFailed>(
    (emit) => {
      let finished = false
      let cancelled = false
      const ended = new Promise<void>((resolve) => {
        command.on("end", () => {
          finished = true
          resolve()
          void emit.end()
        })
        command.on("error", (error: Error) => {
          finished = true
          resolve()
          void emit.fail(failed(reasonOf(error.message)))
        })
      })
      // fluent-ffmpeg asks ffmpeg what it can do before it starts the render: a kill in between lands here.
      command.on("start", () => {
        if (cancelled) command.kill("SIGKILL")
      })
      command.on("progress", ({ timemark }: { timemark: string }) => {
        const seconds = secondsOf(timemark)
        if (seconds !== undefined) void emit.single(seconds)
      })
      command.run()
      return Effect.promise(() => {
        if (!finished) {
          cancelled = true
          command.kill("SIGKILL")
        }
        return ended
      })
    },
    { bufferSize: 1, strategy: "sliding" },
  )

const removePartial = (path: string) => Effect.promise(() => rm(path, { force: true }))

const attempt = (what: string, run: () => Promise<unknown>) =>
  Effect.tryPromise({ try: run, catch: (error) => failed(`${what}: ${String(error)}`) })

/**
 * Renders a song's video for a social format with ffmpeg, through fluent-ffmpeg (archived upstream, so it
 * stays behind this port). The file appears at `outputPath` complete or not at all.
 */
export class VideoRenderer extends Context.Tag("@melody/media/VideoRenderer")<
  VideoRenderer,
  {
    readonly render: (
      request: VideoRequest,
      onProgress: (percent: number, step: string) => Effect.Effect<void>,
    ) => Effect.Effect<void, RenderFailed>
  }
>() {
  static readonly live: Layer.Layer<VideoRenderer> = Layer.effect(
    VideoRenderer,
    Effect.gen(function* () {
      // x264 keeps every core busy: two renders side by side would each take twice as long.
      const permits = yield* Effect.makeSemaphore(
        Math.max(1, Math.floor(availableParallelism() / 2)),
      )
      const render = (
        request: VideoRequest,
        onProgress: (percent: number, step: string) => Effect.Effect<void>,
      ) => {
        const partial = `${request.outputPath}.partial.mp4`
        const duration = request.durationSeconds
        let reported = -1
        const report = (percent: number, step: string) =>
          Effect.suspend(() => {
            if (percent <= reported) return Effect.void
            reported = percent
            return onProgress(percent, step)
          })
        const rendering = Stream.suspend(() => timesOf(commandOf(request, partial))).pipe(
          Stream.map((seconds) => Math.min(99, Math.floor((seconds / duration) * 100))),
          Stream.runForEach((percent) =>
            report(percent, percent < 99 ? "Rendering video" : "Finishing the file"),
          ),
          Effect.timeoutFail({
            duration: Duration.millis(request.timeoutMs ?? videoTimeoutMs(duration)),
            onTimeout: () => new RenderFailed({ reason: timedOutReason, timedOut: true }),
          }),
        )
        return Effect.gen(function* () {
          if (!(duration > 0))
            return yield* failed(`a song of ${duration} s has no picture to render`)
          yield* report(0, "Preparing the picture")
          yield* attempt("no folder for the video", () =>
            mkdir(dirname(request.outputPath), { recursive: true }),
          )
          yield* rendering
          yield* report(99, "Finishing the file")
          yield* attempt("the video could not be moved in place", () =>
            rename(partial, request.outputPath),
          )
          yield* report(100, "Video ready")
        }).pipe(
          Effect.onExit((exit) => (Exit.isSuccess(exit) ? Effect.void : removePartial(partial))),
          permits.withPermits(1),
          Effect.withSpan("VideoRenderer.render", {
            attributes: { format: request.format, durationSeconds: duration },
          }),
        )
      }
      return VideoRenderer.of({ render })
    }),
  )
}
