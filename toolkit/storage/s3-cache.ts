import { readdir, rm, stat, utimes } from "node:fs/promises"
import { join, relative } from "node:path"

/**
 * Local copies of the bucket's files, which ffmpeg reads by path, within `maxBytes`: a copy read is
 * touched, and after each new one the least recently used go until the rest fit. A copy being read when it
 * goes stays readable to whoever has it open (an unlinked file lives on until closed).
 */
export const makeS3Cache = (root: string, maxBytes: number) => {
  const filesUnder = async (folder: string): Promise<Array<string>> => {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => [])
    const nested = await Promise.all(
      entries.map((entry) =>
        entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)],
      ),
    )
    return nested.flat()
  }

  /** Removes the least recently used copies until what is left fits, keeping `kept`. */
  const trim = async (kept: string) => {
    const files = await Promise.all(
      (await filesUnder(root))
        .filter((path) => !path.endsWith(".partial"))
        .map(async (path) => ({ path, info: await stat(path).catch(() => undefined) })),
    )
    const present = files.flatMap(({ path, info }) => (info ? [{ path, info }] : []))
    let total = present.reduce((sum, file) => sum + file.info.size, 0)
    for (const file of present.sort((a, b) => a.info.mtimeMs - b.info.mtimeMs)) {
      if (total <= maxBytes) break
      if (file.path === kept) continue
      await rm(file.path, { force: true })
      total -= file.info.size
    }
  }

  /** The path of `key`'s copy, fetched by `download` when there is none; undefined if it fetched nothing. */
  const pathOf = async (key: string, download: (path: string) => Promise<void>) => {
    const path = join(root, key)
    if (relative(root, path).startsWith("..")) throw new Error(`not a cache key: ${key}`)
    const now = new Date()
    const cached = await utimes(path, now, now).then(
      () => true,
      () => false,
    )
    if (!cached) {
      await download(path)
      await trim(path)
    }
    return path
  }

  const forget = (key: string) => rm(join(root, key), { force: true })

  return { pathOf, forget }
}
