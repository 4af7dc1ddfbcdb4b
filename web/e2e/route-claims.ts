import { access, mkdir, rm, writeFile } from "node:fs/promises"
import { join } from "node:path"

/**
 * The routes a run's workers have taken on, in a folder they share: a worker claims one by creating its
 * file, which only one can do. (A worker restarted after a failure starts with nothing in memory.)
 */
export class RouteClaims {
  /** Claimed by this worker or, as it has learnt, another. */
  private readonly known = new Set<string>()

  constructor(private readonly folder: string) {}

  private fileOf(key: string) {
    return join(this.folder, encodeURIComponent(key))
  }

  async has(key: string) {
    if (
      !this.known.has(key) &&
      (await access(this.fileOf(key)).then(
        () => true,
        () => false,
      ))
    )
      this.known.add(key)
    return this.known.has(key)
  }

  /** Whether this worker is the first to claim the route. */
  async claim(key: string) {
    if (this.known.has(key)) return false
    this.known.add(key)
    await mkdir(this.folder, { recursive: true })
    return writeFile(this.fileOf(key), "", { flag: "wx" }).then(
      () => true,
      () => false,
    )
  }

  async release(key: string) {
    this.known.delete(key)
    await rm(this.fileOf(key), { force: true })
  }
}
