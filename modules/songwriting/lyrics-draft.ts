import { Either } from "effect"
import {
  type LyricsDraftEvent,
  LyricsEdited,
  LyricsWritten,
} from "#events/contracts/songwriting.ts"
import type { Decider } from "#events/decider.ts"
import { NoLyricsYet } from "./conversation.ts"

/** The lyrics the form wrote last, as the person has edited them since. */
export interface Draft {
  readonly title: string
  readonly description: string
  readonly style: string
  readonly lyrics: string
}

export type DraftCommand =
  | {
      readonly _tag: "RecordFormLyrics"
      readonly userId: string
      readonly brief: Omit<Draft, "lyrics">
      readonly lyrics: string
      readonly model: string
    }
  | { readonly _tag: "EditDraft"; readonly userId: string; readonly lyrics: string }

export const lyricsDraft: Decider<DraftCommand, LyricsDraftEvent, Draft | null, NoLyricsYet> = {
  initialState: null,
  evolve: (draft, event) => {
    switch (event._tag) {
      case "LyricsWritten":
        return {
          title: event.title,
          description: event.description,
          style: event.style,
          lyrics: event.lyrics,
        }
      case "LyricsEdited":
        return draft && { ...draft, lyrics: event.lyrics }
    }
  },
  decide: (command, draft) => {
    switch (command._tag) {
      case "RecordFormLyrics":
        return Either.right([
          new LyricsWritten({
            userId: command.userId,
            messageId: null,
            source: "form",
            ...command.brief,
            lyrics: command.lyrics,
            model: command.model,
          }),
        ])
      case "EditDraft":
        if (draft === null) return Either.left(new NoLyricsYet())
        return command.lyrics === draft.lyrics
          ? Either.right([])
          : Either.right([new LyricsEdited({ userId: command.userId, lyrics: command.lyrics })])
    }
  },
}
