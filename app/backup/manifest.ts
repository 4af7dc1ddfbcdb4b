import { readFile, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { Schema } from "effect"

/** One table's rows, in PostgreSQL's COPY text format, gzipped. */
const TableFile = Schema.Struct({
  name: Schema.String,
  columns: Schema.Array(Schema.String),
  rows: Schema.Int,
  file: Schema.String,
  sha256: Schema.String,
})

/** A stored file the events name, as it was when the backup was taken. */
const MediaFile = Schema.Struct({ key: Schema.String, size: Schema.Int, sha256: Schema.String })

/** What a backup folder holds, in `manifest.json`. */
export const Manifest = Schema.Struct({
  format: Schema.Literal(1),
  takenAt: Schema.String,
  /** Each migrations table's migration ids: a restore needs the same code. */
  migrations: Schema.Record({ key: Schema.String, value: Schema.Array(Schema.Int) }),
  tables: Schema.Array(TableFile),
  media: Schema.Struct({
    files: Schema.Array(MediaFile),
    /** Files the events name that storage did not have when the backup was taken. */
    missing: Schema.Array(Schema.String),
  }),
})
export type Manifest = typeof Manifest.Type
export type TableFile = typeof TableFile.Type
export type MediaFile = typeof MediaFile.Type

const Json = Schema.parseJson(Manifest, { space: 2 })

export const writeManifest = (folder: string, manifest: Manifest) =>
  writeFile(join(folder, "manifest.json"), Schema.encodeSync(Json)(manifest))

/** The folder's manifest, or why it is not one. */
export const readManifest = async (folder: string): Promise<Manifest | string> => {
  const text = await readFile(join(folder, "manifest.json"), "utf8").catch(() => undefined)
  if (text === undefined) return `${folder} holds no manifest.json: it is not a backup.`
  const decoded = Schema.decodeUnknownEither(Json)(text)
  return decoded._tag === "Right"
    ? decoded.right
    : `${folder}/manifest.json is not a backup's manifest (format 1).`
}
