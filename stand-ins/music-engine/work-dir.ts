import { join } from "node:path"

/**
 * Where a render keeps its intermediate files: inside its own output folder, so whoever gives up on a
 * render (a timeout kills it mid-way) knows what to remove.
 */
export const workDirOf = (outDir: string) => join(outDir, ".work")
