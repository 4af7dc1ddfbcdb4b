import { join } from "node:path"
import { Effect, Stream } from "effect"
import ffmpeg from "fluent-ffmpeg"
import { tetheredFfmpeg } from "#toolkit/tethered-ffmpeg.ts"
import { videoFormats } from "./api-video-formats.ts"
import { filterGraphOf } from "./video-filter-graph.ts"
import { layoutOf } from "./video-layout.ts"
import { failed, type RenderFailed, type VideoRequest } from "./video-request.ts"

/** The end of what ffmpeg said before it failed: enough to see why, never a whole log. */
const tail = (text: string) => text.trim().split("\n").slice(-12).join("\n").slice(-2000)

/** ffmpeg's `time=` (hh:mm:ss.cc) in seconds; negative and N/A times say nothing yet. */
const secondsOf = (timemark: string) => {
  const parts = /^(\d+):(\d+):(\d+(?:\.\d+)?)$/.exec(timemark)
  return parts ? Number(parts[1]) * 3600 + Number(parts[2]) * 60 + Number(parts[3]) : undefined
}

/** The ffmpeg command for a request, and how to read a failure it reports. */
export const commandOf = (request: VideoRequest, output: string) => {
  const { width, height, background } = videoFormats[request.format]
  const layout = layoutOf(width, height, request.title, Boolean(request.lyrics?.length))
  const hasCover = request.coverPath !== null
  const backgroundPath = join(request.backgroundsDir, background)
  const command = ffmpeg()
    .setFfmpegPath(tetheredFfmpeg)
    .input(backgroundPath)
    .inputOptions(["-stream_loop", "-1"])
    .input(request.audioPath)
  if (request.coverPath !== null) command.input(request.coverPath)
  const graph = filterGraphOf({ width, height, layout, hasCover, lyrics: request.lyrics })
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
export const timesOf = ({ command, reasonOf }: ReturnType<typeof commandOf>) =>
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
