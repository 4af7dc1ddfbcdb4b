/** Real audio for tests, made and measured by ffmpeg. */
import { execFile, spawn } from "node:child_process"
import { rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import { Effect } from "effect"

const execFileAsync = promisify(execFile)

/** A real MP3 of what an ffmpeg source filter (lavfi) makes, such as `sine=frequency=440:duration=2`. */
export const lavfiMp3 = (source: string) =>
  Effect.async<Uint8Array>((resume) => {
    const chunks: Array<Buffer> = []
    const child = spawn(
      "ffmpeg",
      [
        "-loglevel",
        "error",
        "-f",
        "lavfi",
        "-i",
        source,
        "-ac",
        "2",
        "-b:a",
        "128k",
        "-f",
        "mp3",
        "pipe:1",
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    )
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk))
    child.on("close", (code) =>
      resume(
        code === 0
          ? Effect.succeed(new Uint8Array(Buffer.concat(chunks)))
          : Effect.die(new Error(`ffmpeg exited with ${code}`)),
      ),
    )
  })

/** A real MP3 of a sine tone, made by ffmpeg: what tests store as a song's audio. */
export const sineMp3 = (seconds: number, frequency = 440) =>
  lavfiMp3(`sine=frequency=${frequency}:duration=${seconds}`)

/** What ffprobe says of a file's first audio stream and its duration (read from a file: pipes hide it). */
export const probeAudio = (bytes: Uint8Array) =>
  Effect.promise(async () => {
    const path = join(tmpdir(), `melody-probe-${crypto.randomUUID()}`)
    await writeFile(path, bytes)
    try {
      const { stdout } = await execFileAsync("ffprobe", [
        "-v",
        "error",
        "-print_format",
        "json",
        "-show_streams",
        "-show_format",
        path,
      ])
      const info = JSON.parse(stdout) as {
        streams: Array<{
          codec_name: string
          bits_per_sample: number
          sample_rate: string
          channels: number
        }>
        format: { duration: string }
      }
      const audio = info.streams[0]!
      return {
        codec: audio.codec_name,
        bitsPerSample: audio.bits_per_sample,
        sampleRate: Number(audio.sample_rate),
        channels: audio.channels,
        seconds: Number(info.format.duration),
      }
    } finally {
      await rm(path, { force: true })
    }
  })
