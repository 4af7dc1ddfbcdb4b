import { access } from "node:fs/promises"
import { resolve } from "node:path"
import { pathToFileURL } from "node:url"
import { Effect } from "effect"
import type { CreatorProfile } from "#projections/creators/api.ts"
import type { PlaylistPage, PlaylistSummary } from "#projections/playlists/api.ts"
import type { PublicSongs, SongView } from "#projections/songs/api.ts"

/** A creator's page as a visitor sees it: who they are, their public songs and playlists. */
export interface CreatorView {
  readonly profile: CreatorProfile
  readonly songs: ReadonlyArray<SongView>
  readonly playlists: ReadonlyArray<PlaylistSummary>
}

/** What the server read for a page it draws, as web/src/server-entry.tsx takes it. */
export interface FirstViewData {
  readonly song?: SongView
  readonly timeline?: PublicSongs
  readonly creator?: CreatorView
  readonly playlist?: PlaylistPage
}

/** A page drawn by the app's components: the markup of its root, and the query cache it was drawn from. */
export interface Drawn {
  readonly html: string
  /** JSON, for the browser to hydrate the markup from (web/src/app/first-view-state.ts). */
  readonly state: string
}

/** Draws the page at `url` from `data`; undefined when there is no renderer to draw with. */
export type Render = (url: string, data: FirstViewData) => Promise<Drawn | undefined>

const none: Render = () => Promise.resolve(undefined)

/**
 * The renderer `npm run build` makes from the SPA's own components (web/src/server-entry.tsx, built into
 * web/dist-ssr): loaded by its path, as it is a build output rather than source. Without it (the app not
 * built, or built before it had one) every page is the app's plain page, and the server says so once.
 */
export const loadRenderer = (path: string): Effect.Effect<Render> =>
  Effect.gen(function* () {
    const file = resolve(path)
    const built = yield* Effect.promise(() =>
      access(file).then(
        () => true,
        () => false,
      ),
    )
    if (!built) {
      yield* Effect.logWarning(
        `No first-view renderer at ${file}: public pages are drawn by the app`,
      )
      return none
    }
    const loaded: unknown = yield* Effect.promise(() => import(pathToFileURL(file).href))
    const render: unknown = Reflect.get(Object(loaded), "render")
    if (typeof render !== "function") return yield* Effect.die(`${file} exports no render function`)
    return (url, data) => Promise.resolve(render(url, data) as Drawn)
  })
