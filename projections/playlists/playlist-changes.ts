import type { PlaylistCreated, PlaylistEvent } from "#events/contracts/playlists.ts"
import type { DecodedEvent } from "#events/store/index.ts"

/** Where a song ends a batch in a list: at `position`, or out of it (null). */
interface Entry {
  readonly playlistId: string
  readonly songId: string
  readonly position: number | null
  readonly at: Date
}

/**
 * A batch of playlist events folded into what it leaves, for set-based writes. A song added is placed at
 * its event's stream version, which is past every place a reorder (0 to n-1) gives: later additions go
 * last without reading the list. Within the batch the last word on each song, text and privacy wins.
 */
export const foldPlaylists = (history: ReadonlyArray<DecodedEvent<PlaylistEvent>>) => {
  const created: Array<Omit<PlaylistCreated, "_tag"> & { readonly at: Date }> = []
  const texts = new Map<string, { playlistId: string; name: string; description: string }>()
  const privacy = new Map<string, boolean>()
  const changedAt = new Map<string, Date>()
  const entries = new Map<string, Entry>()
  const deleted = new Set<string>()
  const place = (entry: Entry) => {
    const key = `${entry.playlistId}\u0000${entry.songId}`
    // A reorder keeps the time the song was added, when the batch added it.
    const at = entries.get(key)?.at ?? entry.at
    entries.set(key, { ...entry, at })
  }
  for (const { event, recordedAt, streamVersion } of history) {
    const { playlistId } = event
    changedAt.set(playlistId, recordedAt)
    switch (event._tag) {
      case "PlaylistCreated": {
        const { _tag, ...fields } = event
        created.push({ ...fields, at: recordedAt })
        break
      }
      case "PlaylistEdited":
        texts.set(playlistId, { playlistId, name: event.name, description: event.description })
        break
      case "PlaylistMadePublic":
      case "PlaylistMadePrivate":
        privacy.set(playlistId, event._tag === "PlaylistMadePublic")
        break
      case "PlaylistSongAdded":
        place({ playlistId, songId: event.songId, position: streamVersion, at: recordedAt })
        break
      case "PlaylistSongRemoved":
        place({ playlistId, songId: event.songId, position: null, at: recordedAt })
        break
      case "PlaylistReordered":
        event.songIds.forEach((songId, position) => {
          place({ playlistId, songId, position, at: recordedAt })
        })
        break
      case "PlaylistDeleted":
        deleted.add(playlistId)
        break
    }
  }
  const gone = (id: string) => deleted.has(id)
  return {
    created: created.filter((p) => !gone(p.playlistId)),
    texts: [...texts.values()].filter((t) => !gone(t.playlistId)),
    privacy: new Map([...privacy].filter(([id]) => !gone(id))),
    changedAt: new Map([...changedAt].filter(([id]) => !gone(id))),
    entries: [...entries.values()].filter((e) => !gone(e.playlistId)),
    deleted,
  }
}
