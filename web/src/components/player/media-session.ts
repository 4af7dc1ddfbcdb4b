import { useEffect } from "react"
import * as player from "./player.ts"
import type { PlayerState } from "./player-state.ts"
import type { PlayerSong } from "./queue.ts"
import * as queue from "./queue-controls.ts"

const skip = 10

/**
 * The playing song on the lock screen, the notification shade and the system's media controls, whose keys
 * and buttons drive the player: play, pause, previous, next, and seeking.
 */
export const useMediaSession = (song: PlayerSong | undefined, state: PlayerState) => {
  const session = typeof navigator === "undefined" ? undefined : navigator.mediaSession

  useEffect(() => {
    if (!session || !song || typeof MediaMetadata === "undefined") return
    session.metadata = new MediaMetadata({
      title: song.title,
      artist: song.by ?? "Melody Studio",
      album: "Melody Studio",
      artwork: song.imageUrl ? [{ src: song.imageUrl }] : [],
    })
  }, [session, song])

  useEffect(() => {
    if (!session) return
    const handlers: ReadonlyArray<[MediaSessionAction, MediaSessionActionHandler]> = [
      ["play", player.toggle],
      ["pause", player.pause],
      ["previoustrack", queue.previous],
      ["nexttrack", queue.next],
      ["seekbackward", () => player.seek(Math.max(0, player.exactPosition() - skip))],
      ["seekforward", () => player.seek(player.exactPosition() + skip)],
      ["seekto", (details) => details.seekTime !== undefined && player.seek(details.seekTime)],
    ]
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler)
      } catch {
        // A browser that does not know an action says so by throwing; the others still work.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null)
        } catch {}
      }
    }
  }, [session])

  useEffect(() => {
    if (!session) return
    session.playbackState = state.playing ? "playing" : "paused"
  }, [session, state.playing])

  const { duration, position } = state
  useEffect(() => {
    if (!session?.setPositionState || duration <= 0) return
    session.setPositionState({ duration, position: Math.min(position, duration), playbackRate: 1 })
  }, [session, duration, position])
}
