import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from "react"
import { useCurrentUser } from "../../lib/session.ts"
import { currentSong, subscribe } from "./player-state.ts"
import { loadPlayer } from "./use-player.ts"

// The bar's code comes with the first song played: a visit that plays nothing never loads it.
const PlayerBar = lazy(() =>
  import("./player-bar.tsx").then((module) => ({ default: module.PlayerBar })),
)

const hasSong = () => currentSong() !== undefined
const noSong = () => false

/**
 * Signing out, or in as someone else, stops the player and forgets its queue: the next person at this
 * browser sees nothing of what the last one played, private songs among it.
 */
const useForgetOnSignOut = () => {
  const { data } = useCurrentUser()
  // Undefined while the session is first read: that is no change of person.
  const person = data === undefined ? undefined : (data?.id ?? null)
  const known = useRef(person)
  useEffect(() => {
    if (person === undefined || person === known.current) return
    const before = known.current
    known.current = person
    // A visitor who signs in keeps what they were playing: all of it was public.
    if (typeof before === "string" && currentSong() !== undefined)
      void loadPlayer().then((player) => player.forget())
  }, [person])
}

/** The player's bar while something is queued, and the room it takes at the foot of the page. */
export const PlayerSlot = () => {
  const playing = useSyncExternalStore(subscribe, hasSong, noSong)
  // The page is drawn: the player's code comes now, before anyone presses play.
  useEffect(() => {
    void loadPlayer()
  }, [])
  useForgetOnSignOut()
  if (!playing) return null
  return (
    <>
      <div aria-hidden className="h-32 sm:h-16" />
      <Suspense fallback={null}>
        <PlayerBar />
      </Suspense>
    </>
  )
}
