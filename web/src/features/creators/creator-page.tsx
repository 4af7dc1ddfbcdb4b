import { useQuery } from "@tanstack/react-query"
import type { ReactNode } from "react"
import { Link } from "react-router"
import type { CreatorProfile } from "#projections/creators/api.ts"
import { SongGrid, type TimelineSong } from "../../components/song-grid.tsx"
import { Button } from "../../components/ui/button.tsx"
import { PageSpinner } from "../../components/ui/page-spinner.tsx"
import { ReadRefused } from "../../lib/public-read.ts"
import { useCurrentUser } from "../../lib/session.ts"
import { CreatorAvatar } from "./creator-avatar.tsx"
import { creatorQuery, creatorSongsQuery } from "./creator-queries.ts"
import { FollowButton } from "./follow-button.tsx"
import { PeopleButton } from "./people-button.tsx"

// In UTC, as the server draws the page: a visitor's own time zone would change the month at its edges.
const joined = new Intl.DateTimeFormat("en", { month: "long", year: "numeric", timeZone: "UTC" })
const count = new Intl.NumberFormat("en")

/** Their followers and whom they follow (each listed on a click), songs, likes and plays. */
const Counts = ({ profile }: { readonly profile: CreatorProfile }) => (
  <div className="flex flex-wrap items-baseline gap-x-6 gap-y-2 text-sm">
    {(["followers", "following"] as const).map((kind) => (
      <PeopleButton
        key={kind}
        username={profile.username}
        name={profile.name || profile.username}
        kind={kind}
        count={profile[kind]}
      />
    ))}
    <dl className="contents">
      {(
        [
          ["Songs", profile.songs],
          ["Likes", profile.likes],
          ["Plays", profile.plays],
        ] as const
      ).map(([label, value]) => (
        <div key={label} className="flex items-baseline gap-1.5">
          <dd className="font-display text-lg font-bold text-text">{count.format(value)}</dd>
          <dt className="text-muted">{label}</dt>
        </div>
      ))}
    </dl>
  </div>
)

/** Where a link goes, shortly: its host and path, without the scheme. */
const shown = (link: string) => link.replace(/^https?:\/\//, "").replace(/\/$/, "")

/** What they wrote about themselves, as text, and their links, which search engines are told not to follow. */
const About = ({ profile }: { readonly profile: CreatorProfile }) =>
  profile.bio === "" && profile.links.length === 0 ? null : (
    <div className="max-w-2xl space-y-3">
      {profile.bio !== "" && (
        <p className="whitespace-pre-line break-words text-muted">{profile.bio}</p>
      )}
      {profile.links.length > 0 && (
        <ul aria-label="Links" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {profile.links.map((link) => (
            <li key={link}>
              <a
                href={link}
                target="_blank"
                rel="nofollow ugc noopener noreferrer"
                className="text-text hover:underline"
              >
                {shown(link)}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  )

const Songs = ({
  username,
  signedIn,
  card,
}: {
  readonly username: string
  readonly signedIn: boolean
  readonly card: (song: TimelineSong) => ReactNode
}) => {
  const songs = useQuery(creatorSongsQuery(username))
  if (songs.isPending) return <PageSpinner />
  if (songs.isError) {
    return (
      <p className="text-center text-danger">Failed to fetch songs. Please refresh the page.</p>
    )
  }
  if (songs.data.length === 0) {
    return <p className="py-12 text-center text-muted">No public songs yet.</p>
  }
  return <SongGrid songs={songs.data} signedIn={signedIn} card={card} />
}

/**
 * /u/:username: a creator's picture, name, counts, public songs (newest first) and playlists; readable by
 * anyone.
 */
export const CreatorPage = ({
  username,
  card,
  playlists,
  actions,
}: {
  readonly username: string
  /** A song's card (the route composes it). */
  readonly card: (song: TimelineSong) => ReactNode
  /** Their public playlists (the route composes them). */
  readonly playlists: ReactNode
  /**
   * What the signed-in viewer may do on the page: edit it when it is theirs, or report and block its
   * creator (the route composes them, loaded only for a signed-in viewer).
   */
  readonly actions: (profile: CreatorProfile, isYours: boolean) => ReactNode
}) => {
  const { data: user } = useCurrentUser()
  const creator = useQuery(creatorQuery(username))
  if (creator.isPending) return <PageSpinner />
  if (creator.isError) {
    const missing = creator.error instanceof ReadRefused && creator.error._tag === "NotFound"
    return (
      <section className="mx-auto max-w-xl py-16 text-center">
        <h1 className="font-display text-2xl font-bold">
          {missing ? "This creator does not exist." : "Failed to fetch this creator."}
        </h1>
        <Button asChild className="mt-6">
          <Link to="/timeline">Back to the timeline</Link>
        </Button>
      </section>
    )
  }
  const profile = creator.data
  return (
    <section className="mx-auto max-w-6xl animate-rise space-y-8">
      <header className="flex flex-wrap items-center gap-5">
        <CreatorAvatar
          username={profile.username}
          name={profile.name}
          src={profile.avatarUrl}
          className="h-20 w-20 text-2xl sm:h-24 sm:w-24 sm:text-3xl"
        />
        <div className="min-w-0 flex-1 space-y-2">
          <div>
            <h1 className="truncate font-display text-3xl font-bold tracking-tight">
              {profile.name || profile.username}
            </h1>
            <p className="text-sm text-muted">
              @{profile.username} · Joined {joined.format(profile.joinedAt)}
            </p>
          </div>
          <Counts profile={profile} />
        </div>
        {user?.username.toLowerCase() === profile.username.toLowerCase() ? (
          actions(profile, true)
        ) : (
          <div className="flex items-center gap-1">
            <FollowButton profile={profile} viewer={user?.username} />
            {user && actions(profile, false)}
          </div>
        )}
      </header>
      <About profile={profile} />
      <div className="space-y-4">
        <h2 className="font-display text-xl font-semibold">Songs</h2>
        <Songs username={profile.username} signedIn={Boolean(user)} card={card} />
      </div>
      {playlists}
    </section>
  )
}
