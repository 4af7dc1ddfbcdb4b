import { useQuery } from "@tanstack/react-query"
import { lazy, type ReactNode, Suspense } from "react"
import { Link } from "react-router"
import type { PlaylistPage as Playlist } from "#projections/playlists/api.ts"
import { CreatorLink } from "../../components/creator-link.tsx"
import { Button } from "../../components/ui/button.tsx"
import { PageSpinner } from "../../components/ui/page-spinner.tsx"
import { callApi } from "../../lib/api.ts"
import { ReadRefused } from "../../lib/public-read.ts"
import { PlaylistLayout } from "./playlist-layout.tsx"
import { playlistQuery, usePlaylistChange, useShownOnPage } from "./playlist-queries.ts"
import { PlaylistShare } from "./playlist-share.tsx"
import type { TrackChanges } from "./playlist-tracks.tsx"

// What an admin hid is shown to its owner only: its notice loads for them alone.
const HiddenNotice = lazy(() =>
  import("../../components/hidden-notice.tsx").then((m) => ({ default: m.HiddenNotice })),
)

/** Loaded for the playlist's owner only: what every visitor downloads stays small. */
const PlaylistOwnerActions = lazy(() =>
  import("./playlist-owner-actions.tsx").then((m) => ({ default: m.PlaylistOwnerActions })),
)

/** The owner's changes to the songs: a new order shows at once, and goes back if the server refuses it. */
const useTrackChanges = (playlist: Playlist): TrackChanges => {
  const shown = useShownOnPage(playlist.id)
  const reorder = usePlaylistChange(
    "Could not reorder the playlist",
    (songIds: ReadonlyArray<string>) =>
      callApi((api) =>
        api.playlists.reorderPlaylist({ path: { id: playlist.id }, payload: { songIds } }),
      ),
    {
      shows: (songIds) =>
        shown((before) => {
          const byId = new Map(before.songs.map((song) => [song.id, song]))
          return { ...before, songs: songIds.flatMap((id) => byId.get(id) ?? []) }
        }),
    },
  )
  const remove = usePlaylistChange("Could not remove the song", (songId: string) =>
    callApi((api) => api.playlists.removePlaylistSong({ path: { id: playlist.id, songId } })),
  )
  return {
    reorder: (songIds) => reorder.mutate(songIds),
    remove: (song) => remove.mutate(song.id),
    busy: reorder.isPending || remove.isPending,
  }
}

const OwnedPlaylist = ({ playlist }: { readonly playlist: Playlist }) => (
  <PlaylistLayout
    {...playlist}
    byline={<CreatorLink username={playlist.owner.username} />}
    actions={
      <>
        {playlist.hidden && (
          <HiddenNotice kind="playlist" id={playlist.id} reason={playlist.hidden} />
        )}
        {playlist.isPublic && !playlist.hidden && <PlaylistShare id={playlist.id} />}
        <Suspense fallback={null}>
          <PlaylistOwnerActions playlist={playlist} />
        </Suspense>
      </>
    }
    changes={useTrackChanges(playlist)}
  />
)

/** /playlist/:id: a playlist as its viewer may see it; its owner changes it here. */
export const PlaylistScreen = ({
  id,
  report,
}: {
  readonly id: string
  /** How a signed-in visitor reports someone else's playlist (the route composes it). */
  readonly report?: (playlist: { readonly id: string; readonly name: string }) => ReactNode
}) => {
  const playlist = useQuery(playlistQuery(id))
  if (playlist.isPending) return <PageSpinner />
  if (playlist.isError) {
    const missing = playlist.error instanceof ReadRefused && playlist.error._tag === "NotFound"
    return (
      <section className="mx-auto max-w-xl py-16 text-center">
        <h1 className="font-display text-2xl font-bold">
          {missing
            ? "This playlist does not exist, or it is private."
            : "Failed to fetch this playlist."}
        </h1>
        <Button asChild className="mt-6">
          <Link to="/timeline">Back to the timeline</Link>
        </Button>
      </section>
    )
  }
  const list = playlist.data
  return list.isYours ? (
    <OwnedPlaylist playlist={list} />
  ) : (
    <PlaylistLayout
      {...list}
      byline={<CreatorLink username={list.owner.username} />}
      actions={
        <>
          <PlaylistShare id={list.id} />
          {report?.(list)}
        </>
      }
    />
  )
}
