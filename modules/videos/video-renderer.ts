import { mkdir, rename, rm } from "node:fs/promises"
import { availableParallelism } from "node:os"
import { dirname } from "node:path"
import { Context, Duration, Effect, Exit, Layer, Stream } from "effect"
import { videoTimeoutMs } from "./api-video-formats.ts"
import { commandOf, timesOf } from "./ffmpeg-command.ts"
import { failed, RenderFailed, timedOutReason, type VideoRequest } from "./video-request.ts"

const removePartial = (path: string) => Effect.promise(() => rm(path, { force: true }))

const attempt = (what: string, run: () => Promise<unknown>) =>
  Effect.tryPromise({ try: run, catch: (error) => failed(`${what}: ${String(error)}`) })

/**
 * Renders a song's video for a social format with ffmpeg, through fluent-ffmpeg (archived upstream, so it
 * stays behind this port). The file appears at `outputPath` complete or not at all.
 */
export class VideoRenderer extends Context.Tag("@melody/videos/VideoRenderer")<
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
