import { useQuery } from "@tanstack/react-query"
import { creatorPlaylistsQuery } from "./playlist-queries.ts"
import { PlaylistTiles } from "./playlist-tiles.tsx"

/** A creator's public playlists on their page; nothing while they have none. */
export const CreatorPlaylists = ({ username }: { readonly username: string }) => {
  const lists = useQuery(creatorPlaylistsQuery(username))
  if (!lists.data || lists.data.length === 0) return null
  return (
    <section aria-labelledby="creator-playlists" className="space-y-3">
      <h2 id="creator-playlists" className="font-display text-xl font-semibold">
        Playlists
      </h2>
      <PlaylistTiles label="Their playlists" lists={lists.data} />
    </section>
  )
}
