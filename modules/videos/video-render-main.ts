/**
 * One video render from the command line: a JSON `VideoRequest` on stdin, progress on stderr, one JSON line
 * on stdout with the render's own time. The benchmark (bench/video) runs the renderer through this file, as
 * other folders may not import the videos module's insides; it is handy for looking at a format by eye too.
 */
import { text } from "node:stream/consumers"
import { Effect } from "effect"
import { VideoRenderer } from "./video-renderer.ts"
import type { VideoRequest } from "./video-request.ts"

const request = JSON.parse(await text(process.stdin)) as VideoRequest
const started = performance.now()
const outcome = await Effect.runPromise(
  Effect.flatMap(VideoRenderer, (renderer) =>
    renderer.render(request, (percent, step) =>
      Effect.sync(() => process.stderr.write(`${percent}% ${step}\n`)),
    ),
  ).pipe(Effect.provide(VideoRenderer.live), Effect.either),
)
if (outcome._tag === "Left") {
  process.stderr.write(`${outcome.left.reason}\n`)
  process.exitCode = 1
} else {
  process.stdout.write(`${JSON.stringify({ renderMs: Math.round(performance.now() - started) })}\n`)
}
