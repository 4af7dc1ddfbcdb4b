import { spawnSync } from "node:child_process"
import { runProgram } from "./run-program.ts"

const installed = (command: string) => !spawnSync(command, ["--version"], { stdio: "ignore" }).error

/**
 * A WAV file's bytes (given on stdin, so encoding starts before the WAV is on disk) to a 192 kbit/s CBR MP3,
 * by `lame` (3 MB installed), or by ffmpeg's libmp3lame where lame is missing. Both without anything that
 * varies between runs: no ReplayGain scan, ffmpeg's bit-exact flags.
 */
export const encodeMp3 = (wav: Uint8Array, mp3Path: string, title: string): Promise<void> =>
  installed("lame")
    ? runProgram(
        "lame",
        [
          "--silent",
          "--noreplaygain",
          "-q",
          "7",
          "-b",
          "192",
          "--tt",
          title.slice(0, 120),
          "-",
          mp3Path,
        ],
        wav,
      )
    : runProgram(
        "ffmpeg",
        [
          ...[
            "-hide_banner",
            "-loglevel",
            "error",
            "-y",
            "-f",
            "wav",
            "-i",
            "pipe:0",
            "-map_metadata",
            "-1",
          ],
          ...["-c:a", "libmp3lame", "-b:a", "192k", "-compression_level", "7"],
          ...[
            "-metadata",
            `title=${title.slice(0, 120)}`,
            "-fflags",
            "+bitexact",
            "-flags:a",
            "+bitexact",
          ],
          ...["-f", "mp3", mp3Path],
        ],
        wav,
      )
