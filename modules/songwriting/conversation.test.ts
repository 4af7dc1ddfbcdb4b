import { describe, expect, it } from "@effect/vitest"
import {
  AssistantReplied,
  LyricsEdited,
  LyricsWritten,
  SongRevised,
  SongStartedOver,
  UserMessagePosted,
} from "#events/contracts/songwriting.ts"
import { fold } from "#events/decider.ts"
import { given } from "#events/testing.ts"
import { newSongMessage } from "./api-chat.ts"
import { conversation } from "./conversation.ts"
import type { Reply } from "./ports.ts"

const userId = "u1"

const turn = (reply: Reply, lyrics?: string) =>
  ({
    _tag: "RecordTurn",
    userId,
    userMessageId: "m1",
    content: "yes, write it",
    replyId: "r1",
    reply,
    model: "offline",
    fallback: false,
    ...(lyrics === undefined ? {} : { lyrics: { messageId: "l1", text: lyrics } }),
  }) as const

const posted = new UserMessagePosted({ userId, messageId: "m1", content: "yes, write it" })
const replied = (reply: Reply) =>
  new AssistantReplied({
    userId,
    messageId: "r1",
    replyTo: "m1",
    message: reply.message,
    action: reply.action,
    model: "offline",
    fallback: false,
  })

const brief = {
  title: "Paper Boats",
  style: "Folk, calm, female vocals",
  description: "childhood rain",
}
const generate: Reply = {
  message: "Writing your lyrics now...",
  action: { type: "generate_lyrics", data: brief },
}
const written = new LyricsWritten({
  userId,
  messageId: "l1",
  source: "chat",
  ...brief,
  lyrics: "[Verse 1]\nOld lyrics",
  model: "offline",
})

describe("the conversation", () => {
  describe("generate_lyrics", () => {
    it("with a title, a style and a description: the lyrics are written and the song is complete", () => {
      given(conversation, [])
        .when(turn(generate, "[Verse 1]\nOld lyrics"))
        .thenEmits([posted, replied(generate), written])
      const state = fold(conversation, [posted, replied(generate), written])
      expect(state.song).toEqual({ ...brief, lyrics: "[Verse 1]\nOld lyrics", stage: "complete" })
      expect(state.turns.at(-1)).toEqual({
        role: "assistant",
        content: 'Here are the lyrics I created for "Paper Boats":',
      })
    })

    it("missing any of them: nothing happens beyond the turn itself", () => {
      for (const missing of ["title", "style", "description"] as const) {
        const incomplete: Reply = {
          message: "Writing...",
          action: { type: "generate_lyrics", data: { ...brief, [missing]: "  " } },
        }
        given(conversation, [])
          .when(turn(incomplete, "lyrics nobody asked for"))
          .thenEmits([posted, replied(incomplete)])
      }
    })
  })

  describe("change_style and none", () => {
    const history = [posted, replied(generate), written]

    it("new lyrics revise the song, with the style and title when given", () => {
      const restyled: Reply = {
        message: "Here's a jazz version:",
        action: { type: "change_style", data: { style: "Jazz, smoky", lyrics: "[Verse 1]\nNew" } },
      }
      given(conversation, history)
        .when(turn(restyled))
        .thenEmits([
          posted,
          replied(restyled),
          new SongRevised({
            userId,
            messageId: "r1",
            title: "Paper Boats",
            style: "Jazz, smoky",
            lyrics: "[Verse 1]\nNew",
          }),
        ])
      const retitled: Reply = {
        message: "Renamed!",
        action: { type: "none", data: { title: "Rain Fleet", lyrics: "[Verse 1]\nNewer" } },
      }
      given(conversation, history)
        .when(turn(retitled))
        .thenEmits([
          posted,
          replied(retitled),
          new SongRevised({
            userId,
            messageId: "r1",
            title: "Rain Fleet",
            style: brief.style,
            lyrics: "[Verse 1]\nNewer",
          }),
        ])
    })

    it("the same lyrics, or none, change nothing", () => {
      for (const data of [{ lyrics: "[Verse 1]\nOld lyrics" }, {}, { style: "Rock" }]) {
        const reply: Reply = { message: "Okay", action: { type: "change_style", data } }
        given(conversation, history)
          .when(turn(reply))
          .thenEmits([posted, replied(reply)])
      }
    })
  })

  describe("new_song", () => {
    it("resets the song; the reply stays as the new song's first turn", () => {
      const fresh: Reply = {
        message: "A new song! What's it about?",
        action: { type: "new_song", data: {} },
      }
      given(conversation, [posted, replied(generate), written])
        .when(turn(fresh))
        .thenEmits([
          posted,
          replied(fresh),
          new SongStartedOver({ userId, messageId: "r1", via: "assistant" }),
        ])
      const state = fold(conversation, [
        written,
        posted,
        replied(fresh),
        new SongStartedOver({ userId, messageId: "r1", via: "assistant" }),
      ])
      expect(state.song.stage).toBe("initial")
      expect(state.song.lyrics).toBe("")
      expect(state.turns).toEqual([{ role: "assistant", content: "A new song! What's it about?" }])
    })

    it("the button starts over with the hidden question", () => {
      given(conversation, [written])
        .when({ _tag: "StartNewSong", userId, messageId: "n1" })
        .thenEmits([new SongStartedOver({ userId, messageId: "n1", via: "button" })])
      const state = fold(conversation, [
        written,
        new SongStartedOver({ userId, messageId: "n1", via: "button" }),
      ])
      expect(state.turns).toEqual([{ role: "assistant", content: newSongMessage }])
    })
  })

  it("confirm changes nothing beyond the turn", () => {
    const confirm: Reply = { message: "Confirmed", action: { type: "confirm", data: brief } }
    given(conversation, [])
      .when(turn(confirm))
      .thenEmits([posted, replied(confirm)])
  })

  describe("editing lyrics", () => {
    it("keeps the person's edit", () => {
      given(conversation, [written])
        .when({ _tag: "EditLyrics", userId, lyrics: "[Verse 1]\nMine now" })
        .thenEmits([new LyricsEdited({ userId, lyrics: "[Verse 1]\nMine now" })])
      const state = fold(conversation, [written, new LyricsEdited({ userId, lyrics: "Mine" })])
      expect(state.song.lyrics).toBe("Mine")
    })

    it("refuses before there are lyrics; an unchanged text records nothing", () => {
      given(conversation, [])
        .when({ _tag: "EditLyrics", userId, lyrics: "x" })
        .thenFails("NoLyricsYet")
      given(conversation, [written])
        .when({ _tag: "EditLyrics", userId, lyrics: "[Verse 1]\nOld lyrics" })
        .thenNothing()
    })
  })

  it("shows the model only the most recent turns", () => {
    const many = Array.from(
      { length: 60 },
      (_, i) => new UserMessagePosted({ userId, messageId: `m${i}`, content: `${i}` }),
    )
    const state = fold(conversation, many)
    expect(state.turns).toHaveLength(40)
    expect(state.turns.at(-1)?.content).toBe("59")
  })
})
