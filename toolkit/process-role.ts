import { Config } from "effect"

/**
 * What this process does (`ROLE`): `web` answers HTTP and starts no engine, FluidSynth or ffmpeg;
 * `worker` claims the background jobs (generations, operations, stems, videos, mail, file conversions)
 * and renders; `both`, the default, does all of it on one machine. Projections and reactions run on
 * either, one process at a time.
 */
export type ProcessRole = "web" | "worker" | "both"

export const processRole = Config.literal(
  "web",
  "worker",
  "both",
)("ROLE").pipe(Config.withDefault("both" as const))

/** Whether a process in `role` renders and converts itself. */
export const rendersHere = (role: ProcessRole) => role !== "web"
