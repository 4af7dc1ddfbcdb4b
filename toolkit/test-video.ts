/** Videos for tests, measured by ffprobe. */
import { execFile } from "node:child_process"
import { rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import { Effect } from "effect"

const execFileAsync = promisify(execFile)

export interface Probed {
  readonly streams: ReadonlyArray<{
    readonly codec_type: string
    readonly codec_name: string
    readonly pix_fmt?: string
    readonly width?: number
    readonly height?: number
    readonly r_frame_rate: string
    readonly bit_rate?: string
  }>
  readonly format: { readonly duration: string }
}

/** Everything ffprobe says of a file's streams and container. */
export const probeFile = (path: string) =>
  Effect.promise(async () => {
    const { stdout } = await execFileAsync("ffprobe", [
      ...["-v", "error", "-print_format", "json", "-show_streams", "-show_format", path],
    ])
    return JSON.parse(stdout) as Probed
  })

/** The same for bytes, written to a file first (ffprobe cannot seek in a pipe). */
export const probeBytes = (bytes: Uint8Array) =>
  Effect.acquireUseRelease(
    Effect.promise(async () => {
      const path = join(tmpdir(), `melody-probe-${crypto.randomUUID()}.mp4`)
      await writeFile(path, bytes)
      return path
    }),
    probeFile,
    (path) => Effect.promise(() => rm(path, { force: true })),
  )
