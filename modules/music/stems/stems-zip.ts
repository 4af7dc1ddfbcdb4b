import type { Readable } from "node:stream"
import { ZipFile } from "yazl"
import { fileName } from "#toolkit/file-response.ts"

/** One file of a song's stems: the part it holds ("Vocals"), where it is on disk, what it is. */
export interface StemFile {
  readonly name: string
  readonly path: string
  readonly extension: "wav" | "mp3"
}

/**
 * The stems in one zip, read as it is made: "Lantern - Vocals.wav", because a DAW names each track after
 * its file. Audio hardly compresses, so the files are stored.
 */
export const stemsZip = (title: string, files: ReadonlyArray<StemFile>) => {
  const zip = new ZipFile()
  for (const file of files)
    zip.addFile(file.path, fileName(`${title} - ${file.name}`, file.extension), {
      compress: false,
    })
  zip.end()
  // A PassThrough, as yazl documents it; its types say only a stream.
  return zip.outputStream as Readable
}
