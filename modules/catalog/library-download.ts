import type { Readable } from "node:stream"
import { HttpServerResponse } from "@effect/platform"
import { NodeStream } from "@effect/platform-node"
import { Effect, Runtime } from "effect"
import { ZipFile } from "yazl"
import type { SignedInUser } from "#api/auth.ts"
import { attachment, fileName, safeName } from "#toolkit/file-response.ts"
import { lrcOf } from "./lrc.ts"
import { makeOwnedSongs, type OwnedSong } from "./owned-songs.ts"
import type { SongAccess } from "./song-access.ts"
import { SongFiles } from "./song-files.ts"
import { readSyncedLyrics } from "./synced-lyrics-file.ts"

/** A file of the zip: bytes made here, or a stored file read only when the zip gets to it. */
type Entry =
  | { readonly name: string; readonly bytes: Uint8Array }
  | { readonly name: string; readonly key: string; readonly size: number }

const text = (value: string) => new TextEncoder().encode(value)
const extensionOf = (key: string) => key.split(".").pop() ?? "bin"

/** "Title", "Title (2)": each song its own folder, however many share a title. */
const folderNames = (songs: ReadonlyArray<OwnedSong>) => {
  const seen = new Map<string, number>()
  return songs.map(({ song }) => {
    const base = safeName(song.title)
    const count = (seen.get(base.toLowerCase()) ?? 0) + 1
    seen.set(base.toLowerCase(), count)
    return count === 1 ? base : `${base} (${count})`
  })
}

/**
 * A person's whole library as one zip, streamed as it is made: a folder per song with its MP3, its lyrics
 * (.txt, and .lrc where they are timed), its cover and a `song.json` of what we know of it. Every entry is
 * stored, not compressed (MP3s and covers do not shrink), so the zip's size is known before its first byte
 * and the browser shows the download's progress; each stored file is opened only when the zip reaches it,
 * so a thousand songs take no more memory than one.
 */
export const makeLibraryDownload = (loadSong: SongAccess["loadSong"]) =>
  Effect.gen(function* () {
    const ownedSongs = yield* makeOwnedSongs(loadSong)
    const files = yield* SongFiles
    const runtime = yield* Effect.runtime<never>()

    const stored = (name: string, key: string | null) =>
      key === null
        ? Effect.succeed([])
        : Effect.map(files.stat(key), (file) => (file ? [{ name, key, size: file.size }] : []))

    const lrc = (song: OwnedSong["song"]) =>
      song.syncedLyricsKey === null
        ? Effect.succeed(null)
        : readSyncedLyrics(files, song.syncedLyricsKey).pipe(
            Effect.map((synced) => lrcOf(song.title, song.durationMs, synced)),
            Effect.orElseSucceed(() => null),
          )

    const songEntries = ({ song, createdAt }: OwnedSong, folder: string) =>
      Effect.gen(function* () {
        const name = (extension: string) => `${folder}/${fileName(song.title, extension)}`
        const timed = yield* lrc(song)
        const about = {
          id: song.songId,
          title: song.title,
          style: song.style,
          createdAt: createdAt.toISOString(),
          public: song.isPublic,
          durationSeconds: song.durationMs / 1000,
          madeFrom: song.origin && {
            operation: song.origin.operation,
            songId: song.origin.songId,
            title: song.origin.title,
          },
        }
        const entries: Array<Entry> = [
          ...(yield* stored(name("mp3"), song.audioKey)),
          { name: name("txt"), bytes: text(`${song.lyrics}\n`) },
          ...(timed ? [{ name: name("lrc"), bytes: text(timed) }] : []),
          ...(yield* stored(`${folder}/cover.${extensionOf(song.imageKey ?? "")}`, song.imageKey)),
          { name: `${folder}/song.json`, bytes: text(`${JSON.stringify(about, null, 2)}\n`) },
        ]
        return entries
      })

    return (user: SignedInUser) =>
      Effect.gen(function* () {
        const songs = yield* ownedSongs(user.userId)
        const folders = folderNames(songs)
        const entries = (yield* Effect.forEach(
          songs,
          (owned, i) => songEntries(owned, folders[i]!),
          {
            concurrency: 8,
          },
        )).flat()
        const zip = new ZipFile()
        const options = { compress: false, mtime: new Date() }
        for (const entry of entries) {
          if ("bytes" in entry) zip.addBuffer(Buffer.from(entry.bytes), entry.name, options)
          else
            zip.addReadStreamLazy(entry.name, { ...options, size: entry.size }, (done) =>
              Runtime.runPromise(runtime)(files.read(entry.key)).then(
                (readable: Readable) => done(null, readable),
                (error: unknown) => done(error as Error, undefined as never),
              ),
            )
        }
        // yazl hands the calculated size to end's callback; its types leave the argument out. Its
        // calculation counts Zip64's end records once the central directory passes 64 KB (some 600
        // files), which it writes only past 4 GB: always writing them keeps the two equal.
        const end = zip.end.bind(zip) as unknown as (
          options: { readonly forceZip64Format: boolean },
          done: (total: number) => void,
        ) => void
        const size = yield* Effect.async<number>((resume) =>
          end({ forceZip64Format: true }, (total) => resume(Effect.succeed(total))),
        )
        const day = new Date().toISOString().slice(0, 10)
        return HttpServerResponse.stream(
          NodeStream.fromReadable(
            () => zip.outputStream as Readable,
            (error) => error,
          ),
          {
            contentType: "application/zip",
            contentLength: size,
            headers: {
              "cache-control": "private, no-store",
              "content-disposition": attachment(`Melody Studio library ${day}.zip`),
            },
          },
        )
      })
  })
