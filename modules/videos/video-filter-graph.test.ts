import { execFile } from "node:child_process"
import { mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { filterValue, titleFont } from "./video-filter-graph.ts"

const execFileAsync = promisify(execFile)

/** The md5 of one frame with `drawtext` options applied, drawn by a real ffmpeg. */
const frameWith = async (options: string) => {
  const { stdout } = await execFileAsync("ffmpeg", [
    ...["-v", "error", "-f", "lavfi", "-i", "color=c=black:s=960x80:d=0.1"],
    ...[
      "-vf",
      `drawtext=fontfile=${filterValue(titleFont)}:expansion=none:fontsize=32:fontcolor=white:${options}`,
    ],
    ...["-frames:v", "1", "-f", "md5", "-"],
  ])
  return stdout.trim()
}

const titles = [
  `It's 100% "Rock": C:\\path; [a], {b} %{pts} \\n = é ♪`,
  "'",
  "\\",
  "ends with a backslash \\",
  "a:b=c",
  "%{localtime} %%",
  "[in];[out],x",
  "''quoted'' \\'escaped\\'",
]

describe("a title in the filter graph", () => {
  let dir = ""
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "melody-drawtext-"))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it("draws exactly the characters typed, as drawtext reads them from a file", async () => {
    const empty = await frameWith("text=")
    for (const [i, title] of titles.entries()) {
      // A file's text is taken byte for byte: the reference no escaping can fake.
      const file = join(dir, `title-${i}.txt`)
      await writeFile(file, title)
      const expected = await frameWith(`textfile=${filterValue(file)}`)
      expect(expected, title).not.toBe(empty)
      expect(await frameWith(`text=${filterValue(title)}`), title).toBe(expected)
    }
  })

  it("is caught out by a bad escaper", async () => {
    const file = join(dir, "bad.txt")
    await writeFile(file, titles[0]!)
    const naive = (text: string) => text.replace(/[:']/g, "\\$&")
    const expected = await frameWith(`textfile=${filterValue(file)}`)
    const bad = await frameWith(`text=${naive(titles[0]!)}`).catch(() => "ffmpeg refused it")
    expect(bad).not.toBe(expected)
  })

  it("turns control characters into spaces", () => {
    expect(filterValue("a\nb\tc")).toBe("a b c")
  })
})
