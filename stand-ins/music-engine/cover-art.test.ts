import sharp from "sharp"
import { describe, expect, it } from "vitest"
import { coverImages } from "./cover-image.ts"
import { Random } from "./seeded-random.ts"

const pop = { genre: "pop", mode: "major", bpm: 112 } as const

/** The image's mean colour, 0-255 per channel, and how far apart two images are, pixel by pixel. */
const meanColour = async (image: Uint8Array) =>
  (await sharp(image).stats()).channels.slice(0, 3).map((channel) => channel.mean)
const difference = async (a: Uint8Array, b: Uint8Array) => {
  const [x, y] = await Promise.all(
    [a, b].map((image) => sharp(image).resize(64, 64).raw().toBuffer()),
  )
  let total = 0
  for (let i = 0; i < x!.length; i++) total += Math.abs(x![i]! - y![i]!)
  return total / x!.length
}

describe("cover art", () => {
  it("is a 1024 x 1024 WebP and JPEG, small enough to load at once", async () => {
    const cover = await coverImages({ ...pop, random: new Random(1) })
    for (const [image, format] of [
      [cover.webp, "webp"],
      [cover.jpeg, "jpeg"],
    ] as const) {
      const meta = await sharp(image).metadata()
      expect(meta).toMatchObject({ format, width: 1024, height: 1024 })
      expect(image.byteLength).toBeLessThan(200_000)
    }
  })

  it("differs between songs and between a song's versions, and repeats for the same song", async () => {
    const [one, again, other] = await Promise.all(
      [1, 1, 2].map((seed) => coverImages({ ...pop, random: new Random(seed) })),
    )
    expect(Buffer.from(again!.webp).equals(Buffer.from(one!.webp))).toBe(true)
    expect(await difference(one!.jpeg, other!.jpeg)).toBeGreaterThan(10)
  })

  it("takes its palette from the style: rock is darker and redder than pop, minor darker than major", async () => {
    const mean = async (input: Omit<Parameters<typeof coverImages>[0], "random">) => {
      const means = await Promise.all(
        [1, 2, 3].map(async (seed) =>
          meanColour((await coverImages({ ...input, random: new Random(seed) })).jpeg),
        ),
      )
      return [0, 1, 2].map((c) => means.reduce((sum, m) => sum + m[c]!, 0) / means.length)
    }
    const brightness = (rgb: ReadonlyArray<number>) => rgb.reduce((a, b) => a + b, 0) / 3
    const [popMean, rockMean, minorPop] = await Promise.all([
      mean(pop),
      mean({ genre: "rock", mode: "major", bpm: 130 }),
      mean({ ...pop, mode: "minor" }),
    ])
    expect(brightness(rockMean)).toBeLessThan(brightness(popMean) - 20)
    expect(rockMean[0]! / (rockMean[2]! + 1)).toBeGreaterThan(popMean[0]! / (popMean[2]! + 1))
    expect(brightness(minorPop)).toBeLessThan(brightness(popMean) - 10)
  })
})
