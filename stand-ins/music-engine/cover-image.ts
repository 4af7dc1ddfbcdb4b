import sharp from "sharp"
import { type CoverInput, coverSvg } from "./cover-art.ts"

/** A cover's two files: WebP for pages, JPEG where WebP is not read (link previews, video). */
export interface CoverFiles {
  readonly webp: Uint8Array
  readonly jpeg: Uint8Array
}

/** The cover, 1024 x 1024, drawn once and encoded twice; both well under 200 KB. */
export const coverImages = async (input: CoverInput): Promise<CoverFiles> => {
  const drawn = sharp(Buffer.from(coverSvg(input)))
    .removeAlpha()
    .png({ compressionLevel: 0 })
  const pixels = await drawn.toBuffer()
  const [webp, jpeg] = await Promise.all([
    sharp(pixels).webp({ quality: 78, effort: 4 }).toBuffer(),
    sharp(pixels).jpeg({ quality: 82, mozjpeg: true }).toBuffer(),
  ])
  return { webp, jpeg }
}
