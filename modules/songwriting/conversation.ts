import { Data, Either, Schema } from "effect"
import {
  AssistantReplied,
  type ConversationEvent,
  LyricsEdited,
  LyricsWritten,
  SongRevised,
  SongStartedOver,
  UserMessagePosted,
} from "#events/contracts/songwriting.ts"
import type { Decider } from "#events/decider.ts"
import { lyricsIntro, newSongMessage } from "./api-chat.ts"
import type { ChatTurn, Reply, SongSketch } from "./ports.ts"

/** How many of the current song's turns the model is shown. */
export const contextTurns = 40

export interface ConversationState {
  readonly song: SongSketch
  /** The current song's turns, the most recent `contextTurns` of them. */
  readonly turns: ReadonlyArray<ChatTurn>
}

/** Conversations grow for as long as a person writes songs: their state is kept in snapshots. */
export const conversationSnapshots = {
  schema: Schema.Struct({
    song: Schema.Struct({
      title: Schema.String,
      description: Schema.String,
      style: Schema.String,
      lyrics: Schema.String,
      stage: Schema.Literal("initial", "complete"),
    }),
    turns: Schema.Array(
      Schema.Struct({ role: Schema.Literal("user", "assistant"), content: Schema.String }),
    ),
  }),
  shape: 1,
  every: 50,
}

export const emptySong: SongSketch = {
  title: "",
  description: "",
  style: "",
  lyrics: "",
  stage: "initial",
}

export type ConversationCommand =
  | {
      readonly _tag: "RecordTurn"
      readonly userId: string
      readonly userMessageId: string
      readonly content: string
      readonly replyId: string
      readonly reply: Reply
      readonly model: string
      readonly fallback: boolean
      /** Lyrics written for a generate_lyrics reply, shown in a message of their own. */
      readonly lyrics?: { readonly messageId: string; readonly text: string }
    }
  | { readonly _tag: "StartNewSong"; readonly userId: string; readonly messageId: string }
  | { readonly _tag: "EditLyrics"; readonly userId: string; readonly lyrics: string }

export class NoLyricsYet extends Data.TaggedError("NoLyricsYet") {
  override get message() {
    return "There are no lyrics to edit yet."
  }
}

/** What a generate_lyrics reply must carry for lyrics to be written (spec: else nothing happens). */
export const lyricsBrief = (reply: Reply) => {
  const { title, style, description } = reply.action.data
  return reply.action.type === "generate_lyrics" &&
    title?.trim() &&
    style?.trim() &&
    description?.trim()
    ? { title: title.trim(), style: style.trim(), description: description.trim() }
    : undefined
}

const recent = (turns: ReadonlyArray<ChatTurn>, turn: ChatTurn) => [
  ...turns.slice(-(contextTurns - 1)),
  turn,
]

const evolve = (state: ConversationState, event: ConversationEvent): ConversationState => {
  switch (event._tag) {
    case "UserMessagePosted":
      return { ...state, turns: recent(state.turns, { role: "user", content: event.content }) }
    case "AssistantReplied":
      return { ...state, turns: recent(state.turns, { role: "assistant", content: event.message }) }
    case "LyricsWritten": {
      const song: SongSketch = {
        title: event.title,
        description: event.description,
        style: event.style,
        lyrics: event.lyrics,
        stage: "complete",
      }
      return {
        song,
        turns: recent(state.turns, { role: "assistant", content: lyricsIntro(event.title) }),
      }
    }
    case "SongRevised":
      return {
        ...state,
        song: { ...state.song, title: event.title, style: event.style, lyrics: event.lyrics },
      }
    case "SongStartedOver":
      // A reply that started over stays as the new song's first turn; the button's start says so itself.
      return {
        song: emptySong,
        turns:
          event.via === "assistant"
            ? state.turns.slice(-1)
            : [{ role: "assistant", content: newSongMessage }],
      }
    case "LyricsEdited":
      return { ...state, song: { ...state.song, lyrics: event.lyrics } }
  }
}

/** The spec's action handling (section 4), as events after the turn itself. */
const actionEvents = (
  command: Extract<ConversationCommand, { _tag: "RecordTurn" }>,
  state: ConversationState,
): ReadonlyArray<ConversationEvent> => {
  const { reply, userId, replyId } = command
  const { data } = reply.action
  switch (reply.action.type) {
    case "generate_lyrics": {
      const brief = lyricsBrief(reply)
      if (!brief || !command.lyrics) return []
      return [
        new LyricsWritten({
          userId,
          messageId: command.lyrics.messageId,
          source: "chat",
          ...brief,
          lyrics: command.lyrics.text,
          model: command.model,
        }),
      ]
    }
    case "change_style":
    case "none":
      if (!data.lyrics?.trim() || data.lyrics === state.song.lyrics) return []
      return [
        new SongRevised({
          userId,
          messageId: replyId,
          title: data.title?.trim() || state.song.title,
          style: data.style?.trim() || state.song.style,
          lyrics: data.lyrics,
        }),
      ]
    case "new_song":
      return [new SongStartedOver({ userId, messageId: replyId, via: "assistant" })]
    case "confirm":
      return []
  }
}

export const conversation: Decider<
  ConversationCommand,
  ConversationEvent,
  ConversationState,
  NoLyricsYet
> = {
  initialState: { song: emptySong, turns: [] },
  evolve,
  decide: (command, state) => {
    switch (command._tag) {
      case "RecordTurn":
        return Either.right([
          new UserMessagePosted({
            userId: command.userId,
            messageId: command.userMessageId,
            content: command.content,
          }),
          new AssistantReplied({
            userId: command.userId,
            messageId: command.replyId,
            replyTo: command.userMessageId,
            message: command.reply.message,
            action: command.reply.action,
            model: command.model,
            fallback: command.fallback,
          }),
          ...actionEvents(command, state),
        ])
      case "StartNewSong":
        return Either.right([
          new SongStartedOver({
            userId: command.userId,
            messageId: command.messageId,
            via: "button",
          }),
        ])
      case "EditLyrics":
        if (state.song.stage !== "complete") return Either.left(new NoLyricsYet())
        return command.lyrics === state.song.lyrics
          ? Either.right([])
          : Either.right([new LyricsEdited({ userId: command.userId, lyrics: command.lyrics })])
    }
  },
}
