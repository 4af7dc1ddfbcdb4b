import { fileURLToPath } from "node:url"

/** The ffmpeg every render runs: tethered to this process, so it does not outlive a killed server. */
export const tetheredFfmpeg = fileURLToPath(new URL("./tethered-ffmpeg.sh", import.meta.url))
