import { useQuery } from "@tanstack/react-query"
import type { SongView } from "#projections/songs/api.ts"
import { mySongsQuery } from "../../lib/song-cache.ts"
import { versionTitle } from "./generation-status.ts"

/**
 * The library's songs a finished generation was saved as, by version number. The server saves them just
 * after it says the generation is done, so the library is read again each second until all are there.
 */
export const useSavedVersions = (
  taskId: string,
  title: string,
  versions: number,
  enabled: boolean,
): ReadonlyMap<number, SongView> => {
  const find = (songs: ReadonlyArray<SongView> | undefined) => {
    const found = new Map<number, SongView>()
    for (let index = 1; index <= versions; index++) {
      const song = songs?.find((s) => s.taskId === taskId && s.title === versionTitle(title, index))
      if (song) found.set(index, song)
    }
    return found
  }
  const library = useQuery({
    ...mySongsQuery,
    enabled,
    refetchInterval: (query) => (find(query.state.data).size < versions ? 1000 : false),
  })
  return find(library.data)
}
