import { useQuery } from "@tanstack/react-query"
import { type ReactNode, useEffect, useState } from "react"
import { Link, useSearchParams } from "react-router"
import { playlistPaths } from "#modules/playlists/api-paths.ts"
import type { CreatorSummary } from "#projections/creators/api.ts"
import { SongGrid, type TimelineSong } from "../../components/song-grid.tsx"
import { PageSpinner } from "../../components/ui/page-spinner.tsx"
import { useCurrentUser } from "../../lib/session.ts"
import { SearchField } from "./search-field.tsx"
import { searchable, searchQuery } from "./search-queries.ts"
import { useDebounced } from "./use-debounced.ts"

/** The most songs the results page lists. */
const songsShown = 50

const Results = ({
  question,
  signedIn,
  card,
  creator,
}: {
  readonly question: string
  readonly signedIn: boolean
  readonly card: (song: TimelineSong) => ReactNode
  readonly creator: (person: CreatorSummary) => ReactNode
}) => {
  const results = useQuery(searchQuery(question, songsShown))
  if (!searchable(question))
    return (
      <p className="py-12 text-center text-muted">
        Search songs by their title, style or a line of their lyrics, creators and playlists by
        name.
      </p>
    )
  if (results.isPending) return <PageSpinner />
  if (results.isError)
    return <p className="text-center text-danger">Failed to search. Please try again.</p>
  const { songs, creators, playlists } = results.data
  if (songs.length === 0 && creators.length === 0 && playlists.length === 0)
    return <p className="py-12 text-center text-muted">Nothing matches “{question}”.</p>
  return (
    <div className="space-y-8">
      {creators.length > 0 && (
        <section aria-labelledby="found-creators" className="space-y-3">
          <h2 id="found-creators" className="font-display text-xl font-semibold">
            Creators
          </h2>
          <ul className="flex flex-wrap gap-2">
            {creators.map((person) => (
              <li key={person.username}>{creator(person)}</li>
            ))}
          </ul>
        </section>
      )}
      {playlists.length > 0 && (
        <section aria-labelledby="found-playlists" className="space-y-3">
          <h2 id="found-playlists" className="font-display text-xl font-semibold">
            Playlists
          </h2>
          <ul className="grid gap-2 sm:grid-cols-2">
            {playlists.map((list) => (
              <li key={list.id}>
                <Link
                  to={playlistPaths.page(list.id)}
                  className="block rounded-xl border border-line/60 px-4 py-3 transition hover:bg-surface-raised"
                >
                  <span className="block truncate font-medium">{list.name}</span>
                  <span className="block truncate text-xs text-muted">
                    by {list.owner.username}
                    {list.isPublic ? "" : " · Private"}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {songs.length > 0 && (
        <section aria-labelledby="found-songs" className="space-y-3">
          <h2 id="found-songs" className="font-display text-xl font-semibold">
            Songs
          </h2>
          <SongGrid songs={songs} signedIn={signedIn} card={card} />
        </section>
      )}
    </div>
  )
}

/** /search?q=: songs, creators and playlists for a question, asked again as it is typed; the address keeps it. */
export const SearchPage = ({
  card,
  creator,
}: {
  readonly card: (song: TimelineSong) => ReactNode
  readonly creator: (person: CreatorSummary) => ReactNode
}) => {
  const [params, setParams] = useSearchParams()
  const inAddress = params.get("q") ?? ""
  // What is typed is the field's own: the address follows it once typing pauses, and a question the
  // address brings from elsewhere (the header's box) replaces it. The router moves the address in a
  // transition, after this page's own renders: until it has, the address is not taken for a new question.
  const [typed, setTyped] = useState(inAddress)
  const [seen, setSeen] = useState(inAddress)
  const [written, setWritten] = useState<string>()
  if (inAddress !== seen) {
    setSeen(inAddress)
    if (inAddress !== written) setTyped(inAddress)
  }
  const asked = useDebounced(typed.trim(), 250)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address follows the question alone
  useEffect(() => {
    if (asked === inAddress.trim()) return
    setWritten(asked)
    setParams(asked === "" ? {} : { q: asked }, { replace: true })
  }, [asked])
  const { data: user } = useCurrentUser()
  return (
    <section className="mx-auto max-w-6xl animate-rise space-y-8">
      <h1 className="font-display text-3xl font-bold tracking-tight">Search</h1>
      <search className="relative block max-w-2xl">
        <form onSubmit={(event) => event.preventDefault()}>
          <SearchField value={typed} onChange={(event) => setTyped(event.target.value)} />
        </form>
      </search>
      <Results question={asked} signedIn={Boolean(user)} card={card} creator={creator} />
    </section>
  )
}
