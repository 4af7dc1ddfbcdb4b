import { useQuery } from "@tanstack/react-query"
import type { ReactNode } from "react"
import { Link, useParams } from "react-router"
import type { SongView } from "#projections/songs/api.ts"
import { CreatorLink } from "../../components/creator-link.tsx"
import { playerSongOf, useSongAudio } from "../../components/player/use-player.ts"
import { Button } from "../../components/ui/button.tsx"
import { Card } from "../../components/ui/card.tsx"
import { PageSpinner } from "../../components/ui/page-spinner.tsx"
import { useCurrentUser } from "../../lib/session.ts"
import { playsLabel } from "./count-labels.ts"
import { DownloadButtons } from "./download-buttons.tsx"
import { LikeButton } from "./like-button.tsx"
import { OriginLine } from "./origin-line.tsx"
import { PlaysChart } from "./plays-chart.tsx"
import { SongPlayer } from "./song-player.tsx"
import { songQuery } from "./song-queries.ts"
import { SyncedLyrics } from "./synced-lyrics.tsx"

/** /song/:id: a shared song, for anyone when it is public. */
export const SongPage = ({
  ownerActions,
  stems,
  comments,
  report,
}: {
  /** What more its owner can do to the song (the route composes it). */
  readonly ownerActions?: (song: SongView) => ReactNode
  /** Its stems beside its other files, where they are offered (the route composes them). */
  readonly stems?: (song: SongView) => ReactNode
  /** What people say under a public song (the route composes it). */
  readonly comments?: (song: SongView, signedIn: boolean) => ReactNode
  /** How someone else signed in reports it (the route composes it). */
  readonly report?: (song: SongView) => ReactNode
}) => {
  const { id = "" } = useParams()
  const song = useQuery(songQuery(id))
  const { data: user } = useCurrentUser()
  const audio = useSongAudio(song.data ? playerSongOf(song.data) : null)

  if (song.isPending) return <PageSpinner />
  if (song.isError) {
    return (
      <Card className="mx-auto max-w-md p-8 text-center">
        <p className="text-muted">This song does not exist, or it is private.</p>
        <Button asChild className="mt-6">
          <Link to="/timeline">Discover public songs</Link>
        </Button>
      </Card>
    )
  }
  const data = song.data
  return (
    <article className="mx-auto grid max-w-4xl animate-rise gap-8 md:grid-cols-[18rem_1fr]">
      <div className="grid content-start gap-4">
        <SongPlayer song={data} audio={audio} drawn="page" />
      </div>
      <div className="grid content-start gap-4">
        <header>
          <h1 className="font-display text-3xl font-bold tracking-tight">{data.title}</h1>
          <p className="mt-1 text-muted">
            by{" "}
            <CreatorLink username={data.creator.username} className="text-text hover:underline" /> ·{" "}
            {data.style}
          </p>
          <p className="mt-1 text-sm text-faint">{playsLabel(data.plays)}</p>
          <OriginLine song={data} />
        </header>
        {user?.id === data.userId && <PlaysChart songId={data.id} />}
        <div className="flex flex-wrap items-center gap-3">
          <LikeButton song={data} signedIn={Boolean(user)} />
          {data.isPublic && <DownloadButtons song={data} wav={false} stems={stems?.(data)} />}
          {user?.id === data.userId && ownerActions?.(data)}
          {user && user.id !== data.userId && data.isPublic && report?.(data)}
        </div>
        {data.lyrics.trim() &&
          (data.lrcUrl ? (
            <SyncedLyrics
              songId={data.id}
              lyrics={data.lyrics}
              audio={audio}
              className="max-h-[28rem] rounded-2xl border border-line bg-surface/80 p-3 text-sm"
            />
          ) : (
            <pre className="rounded-2xl border border-line bg-surface/80 p-5 font-mono text-sm whitespace-pre-wrap text-muted">
              {data.lyrics}
            </pre>
          ))}
        <Button asChild variant="secondary" className="justify-self-start">
          <Link to="/chat">Create your own song</Link>
        </Button>
        {data.isPublic && comments?.(data, Boolean(user))}
      </div>
    </article>
  )
}
