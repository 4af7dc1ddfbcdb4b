import { lazy, Suspense, useEffect, useSyncExternalStore } from "react"
import { currentSong, subscribe } from "./player-state.ts"
import { loadPlayer } from "./use-player.ts"

// The bar's code comes with the first song played: a visit that plays nothing never loads it.
const PlayerBar = lazy(() =>
  import("./player-bar.tsx").then((module) => ({ default: module.PlayerBar })),
)

const hasSong = () => currentSong() !== undefined
const noSong = () => false

/** The player's bar while something is queued, and the room it takes at the foot of the page. */
export const PlayerSlot = () => {
  const playing = useSyncExternalStore(subscribe, hasSong, noSong)
  // The page is drawn: the player's code comes now, before anyone presses play.
  useEffect(() => {
    void loadPlayer()
  }, [])
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
