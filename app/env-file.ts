import { existsSync } from "node:fs"

/** Reads `.env` when there is one; variables already in the environment win. */
export const loadEnvFile = (path = ".env") => {
  if (existsSync(path)) process.loadEnvFile(path)
}
