import { Duration, Either } from "effect"
import { SongPlayed } from "#events/contracts/catalog.ts"
import type { Decider } from "#events/decider.ts"

/** How long a listener's play of a song counts for: playing it again within it counts nothing more. */
export const playCountsFor = Duration.minutes(30)

/**
 * One listener's plays of one song. Whether they listened long enough (30 seconds, or half a shorter
 * song) is the player's to say before the command.
 */
export interface Play {
  readonly songId: string
  readonly listener: string
  readonly at: Date
}

/** When the listener's last counted play of the song was, if ever. */
export const play: Decider<Play, SongPlayed, Date | null, never> = {
  initialState: null,
  evolve: (_last, event) => event.playedAt,
  decide: (command, last) =>
    Either.right(
      last !== null && command.at.getTime() - last.getTime() < Duration.toMillis(playCountsFor)
        ? []
        : [
            new SongPlayed({
              songId: command.songId,
              listener: command.listener,
              playedAt: command.at,
            }),
          ],
    ),
}
