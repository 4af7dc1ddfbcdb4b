import { describe, expect, it } from "@effect/vitest"
import { ActionType } from "#events/contracts/songwriting.ts"
import { newSongMessage } from "#modules/songwriting/api-chat.ts"
import type { ChatTurn, Reply, ReplyRequest, SongSketch } from "#modules/songwriting/ports.ts"
import { offlineReply } from "./melody.ts"

const sevenStyles = ["Pop", "Rock", "Hip-Hop", "Country", "Jazz", "Electronic", "Classical"]

/** Every wording of the subject question asks what the song is about, or for its story or feeling. */
const asksForSubject = /about|story|feeling/

const blankSong: SongSketch = {
  title: "",
  description: "",
  style: "",
  lyrics: "",
  stage: "initial",
}

const dummyLyrics = "placeholder lyrics that no writer would produce"
const finishedSong: SongSketch = {
  title: "Dust on the Dashboard",
  description: "A nostalgic song about leaving my small town.",
  style: "Country, nostalgic, male vocals, acoustic guitar, fiddle",
  lyrics: dummyLyrics,
  stage: "complete",
}

const request = (
  history: ReadonlyArray<ChatTurn>,
  song: SongSketch = blankSong,
  seed = 1,
): ReplyRequest => ({ history, song, dateContext: "It is a Saturday morning in spring.", seed })

/** Plays a conversation: each message is sent with the history so far, Melody's replies appended. */
const converse = (
  messages: ReadonlyArray<string>,
  song: SongSketch = blankSong,
  seed = 1,
): { readonly replies: ReadonlyArray<Reply>; readonly last: Reply } => {
  const history: Array<ChatTurn> = []
  const replies: Array<Reply> = []
  for (const content of messages) {
    history.push({ role: "user", content })
    const reply = offlineReply(request([...history], song, seed))
    replies.push(reply)
    history.push({ role: "assistant", content: reply.message })
  }
  const last = replies.at(-1)
  if (last === undefined) throw new Error("a conversation needs a message")
  return { replies, last }
}

const afterLyrics = (message: string, seed = 1): Reply =>
  offlineReply(
    request(
      [
        { role: "user", content: "a song about leaving my small town" },
        { role: "assistant", content: "Writing your lyrics now..." },
        { role: "user", content: message },
      ],
      finishedSong,
      seed,
    ),
  )

const expectValid = (reply: Reply) => {
  expect(reply.message.trim().length).toBeGreaterThan(0)
  expect(reply.message.length).toBeLessThan(600)
  expect(ActionType.literals).toContain(reply.action.type)
  expect(reply.message).not.toMatch(/offline|language model|\bAI model\b|\bI am (?:a )?human\b/i)
}

describe("offlineReply before the lyrics", () => {
  it("asks what the song is about when nothing has been said", () => {
    const reply = offlineReply(request([]))
    expectValid(reply)
    expect(reply.action).toEqual({ type: "none", data: {} })
    expect(reply.message).toMatch(asksForSubject)
  })

  it("greets back and asks for the subject", () => {
    const { last } = converse(["hi"])
    expect(last.action.type).toBe("none")
    expect(last.message).toMatch(/^(Hi|Hello|Hey)/)
    expect(last.message).toMatch(/song/)
    expect(last.message).toMatch(asksForSubject)
  })

  it("echoes the subject in Melody's voice and asks for one of the seven styles", () => {
    const { last } = converse(["I want a song for my wife on our anniversary"])
    expect(last.action.type).toBe("none")
    expect(last.message).toMatch(/your wife on your anniversary/i)
    expect(last.message).not.toMatch(/my wife/i)
    for (const style of sevenStyles) expect(last.message).toContain(style)
  })

  it("asks for vocals and instruments that suit the genre once the style is known", () => {
    const { last } = converse(["a song about leaving my small town", "country"])
    expect(last.action.type).toBe("none")
    expect(last.message).toMatch(/male or (?:a )?female/)
    expect(last.message).toContain("fiddle")
  })

  it("offers an instrumental when it asks who sings, and takes 'no vocals' for one", () => {
    const { last: asked } = converse(["a song about rain on the harbour", "jazz"])
    expect(asked.message).toMatch(/instrumental/)
    const { last } = converse([
      "a song about rain on the harbour",
      "mellow jazz",
      "no vocals, just piano and saxophone",
      "yes",
    ])
    expect(last.action.type).toBe("generate_lyrics")
    expect(last.action.data.style).toBe("Jazz, calm, instrumental, no vocals, piano, saxophone")
    const { last: named } = converse(["an instrumental song about the sea", "ambient"])
    expect(named.message).not.toMatch(/male or/)
  })

  it("asks only for what is still missing", () => {
    const { last } = converse(["a song about leaving my small town", "country", "male vocals"])
    expect(last.message).toMatch(/instruments/)
    expect(last.message).not.toMatch(/male or/)
  })

  it("walks from greeting to lyrics: theme, style, voice and instruments, summary, yes", () => {
    const { replies, last } = converse([
      "hello!",
      "I want to write about leaving my small town",
      "nostalgic country",
      "male vocals with acoustic guitar and fiddle",
      "yes, go ahead!",
    ])
    for (const reply of replies) expectValid(reply)
    expect(replies.slice(0, 4).map((r) => r.action.type)).toEqual(["none", "none", "none", "none"])
    const summary = replies[3]?.message ?? ""
    expect(summary).toContain("nostalgic country song about leaving your small town")
    expect(summary).toContain("male vocals with acoustic guitar and fiddle")
    expect(summary).toContain('"Leaving My Small Town"')
    expect(summary).toMatch(/\?$/)

    expect(last.action.type).toBe("generate_lyrics")
    const { title, style, description } = last.action.data
    expect(title).toBe("Leaving My Small Town")
    expect(style).toBe("Country, nostalgic, male vocals, acoustic guitar, fiddle")
    expect(description).toMatch(/^A nostalgic song about leaving my small town\./)
    expect(description?.length).toBeLessThanOrEqual(2000)
    expect(last.message).toContain("Leaving My Small Town")
  })

  it("uses the person's title in the summary and the lyrics request", () => {
    const { replies, last } = converse([
      "a song about my grandmother's garden",
      "folk, calm",
      "female vocals, piano and cello",
      'call it "Where the Roses Lean"',
      "sounds good",
    ])
    expect(replies[2]?.message).toContain('"Grandmother\'s Garden"')
    expect(replies[3]?.message).toContain('titled "Where the Roses Lean"')
    expect(replies[3]?.action.type).toBe("none")
    expect(last.action).toEqual({
      type: "generate_lyrics",
      data: {
        title: "Where the Roses Lean",
        style: "Folk, calm, female vocals, piano, cello",
        description: expect.stringContaining("my grandmother's garden"),
      },
    })
  })

  it("summarises a one-shot request instead of writing straight away", () => {
    const { replies, last } = converse([
      "Write an upbeat pop song about summer love with female vocals and guitar",
      "perfect",
    ])
    const summary = replies[0]
    expect(summary?.action.type).toBe("none")
    expect(summary?.message).toContain("an upbeat pop song about summer love")
    expect(summary?.message).toContain("female vocals with guitar")
    expect(last.action.type).toBe("generate_lyrics")
    expect(last.action.data.style).toBe("Pop, upbeat, female vocals, guitar")
    expect(last.action.data.title).toBe("Summer Love")
  })

  it("takes changes to the summary and summarises again", () => {
    const { replies, last } = converse([
      "Write an upbeat pop song about summer love with female vocals and guitar",
      "make it rock instead",
      "male vocals please",
      "no drums, just piano",
      "ok",
    ])
    expect(replies[1]?.action.type).toBe("none")
    expect(replies[1]?.message).toContain("upbeat rock song about summer love")
    expect(replies[2]?.message).toContain("male vocals with guitar")
    expect(replies[3]?.message).toContain("male vocals with piano")
    expect(last.action.type).toBe("generate_lyrics")
    expect(last.action.data.style).toBe("Rock, upbeat, male vocals, piano")
  })

  it("asks what to change when the summary gets a no", () => {
    const { last } = converse(["about my dog, pop with female vocals and piano", "no, not yet"])
    expect(last.action.type).toBe("none")
    expect(last.message).toMatch(/change/)
  })

  it("writes when a yes comes with a title", () => {
    const { last } = converse([
      "about my dog, pop with female vocals and piano",
      "yes! call it Good Boy",
    ])
    expect(last.action.type).toBe("generate_lyrics")
    expect(last.action.data.title).toBe("Good Boy")
  })

  it("does not take a yes for a go-ahead before the plan is complete", () => {
    const { last } = converse(["a song about my dog", "yes"])
    expect(last.action.type).toBe("none")
    for (const style of sevenStyles) expect(last.message).toContain(style)
  })

  it("fills in the rest and writes when asked to choose", () => {
    const { last } = converse(["summer love by the sea", "just write it"])
    expect(last.action.type).toBe("generate_lyrics")
    expect(last.action.data).toEqual({
      title: "Summer Love",
      style: "Pop, female vocals, piano, acoustic guitar",
      description: expect.stringContaining("summer love by the sea"),
    })
    expect(last.message).toContain("pop")
  })

  it("keeps what was chosen when asked to choose the rest", () => {
    const { last } = converse(["a sad song about rain", "country, male", "surprise me"])
    expect(last.action.type).toBe("generate_lyrics")
    expect(last.action.data.style).toBe("Country, sad, male vocals, acoustic guitar, fiddle")
  })

  it("asks for a subject before choosing the rest", () => {
    const { last } = converse(["you choose"])
    expect(last.action.type).toBe("none")
    expect(last.message).toMatch(asksForSubject)
  })

  it("counts a feeling as a start", () => {
    const { replies, last } = converse(["something sad", "jazz", "a woman, piano", "yes"])
    expect(replies[0]?.message).toMatch(/sad song/)
    expect(last.action.type).toBe("generate_lyrics")
    expect(last.action.data.style).toBe("Jazz, sad, female vocals, piano")
    expect(last.action.data.description).toMatch(/^A sad song about .+/)
    expect(last.action.data.title?.length).toBeGreaterThan(0)
  })

  it("notes style answers given before the subject and asks for the subject", () => {
    const { replies, last } = converse(["rock", "female vocals and drums", "about my first car"])
    expect(replies[0]?.message).toContain("Rock")
    expect(replies[0]?.message).toMatch(asksForSubject)
    expect(replies[1]?.message).toMatch(/female vocals and drums/i)
    expect(last.message).toContain("a rock song about your first car, female vocals with drums")
  })

  it("answers questions about styles and steers back to the current step", () => {
    const { last } = converse(["a song about my dog", "country", "what styles can you do?"])
    expect(last.action.type).toBe("none")
    for (const style of sevenStyles) expect(last.message).toContain(style)
    expect(last.message).toMatch(/male or (?:a )?female/)
  })

  it("says it is Melody, not a person", () => {
    const { last } = converse(["are you a real person?"])
    expect(last.message).toContain("Melody")
    expect(last.message).toMatch(/not a person|rather than a person/)
  })

  it("hears 'something else' while choosing instruments as an answer, not a new song", () => {
    const { last } = converse(["a song about my dog", "pop", "something else, maybe a harp"])
    expect(last.action.type).toBe("none")
    expect(last.message).toMatch(/male or (?:a )?female/)
  })

  it("greets back mid-conversation and repeats the current question", () => {
    const { last } = converse(["a song about my dog", "hello?"])
    expect(last.action.type).toBe("none")
    for (const style of sevenStyles) expect(last.message).toContain(style)
  })

  it("starts over on request once there is something to drop", () => {
    const { last } = converse(["a song about my dog", "jazz", "actually, let's start over"])
    expect(last.action).toEqual({ type: "new_song", data: {} })
    expect(last.message).not.toBe(newSongMessage)
  })
})

describe("offlineReply after the lyrics", () => {
  it.each([
    ["make it more jazzy", "Jazz", /jazzier/],
    ["change the style to rock", "Rock", /rock/],
    ["can you do a hip-hop version?", "Hip-Hop", /hip-hop/],
  ])("restyles the song for %j", (message, genre, wording) => {
    const reply = afterLyrics(message)
    expectValid(reply)
    expect(reply.action.type).toBe("change_style")
    const { style, title, lyrics } = reply.action.data
    expect(style).toMatch(new RegExp(`^${genre},`))
    expect(style).not.toContain("Country")
    expect(style).toContain("male vocals")
    expect(title).toBe("Dust on the Dashboard")
    expect(typeof lyrics).toBe("string")
    expect(lyrics?.length).toBeGreaterThan(0)
    expect(lyrics).not.toBe(dummyLyrics)
    expect(reply.message).toContain('"Dust on the Dashboard"')
    expect(reply.message).toMatch(wording)
  })

  it("makes it slower and sadder", () => {
    const reply = afterLyrics("slower and sadder")
    expect(reply.action.type).toBe("change_style")
    expect(reply.action.data.style).toBe("Country, sad, slow, male vocals, acoustic guitar, fiddle")
    expect(reply.message).toContain("slower, sadder")
  })

  it("changes the voice and instruments as a style change", () => {
    const reply = afterLyrics("female vocals, and swap the fiddle for piano")
    expect(reply.action.type).toBe("change_style")
    expect(reply.action.data.style).toContain("female vocals")
    expect(reply.action.data.style).toContain("piano")
  })

  it("makes the song an instrumental when asked for no vocals", () => {
    const reply = afterLyrics("make it instrumental, without vocals")
    expect(reply.action.type).toBe("change_style")
    expect(reply.action.data.style).toContain("instrumental, no vocals")
    expect(reply.action.data.style).not.toContain("male vocals")
  })

  it("takes 'something else' with a style as a new take, not a new song", () => {
    const reply = afterLyrics("try something else, maybe reggae")
    expect(reply.action.type).toBe("change_style")
    expect(reply.action.data.style).toMatch(/^Reggae,/)
  })

  it("retitles the song and rewrites its lyrics", () => {
    const reply = afterLyrics('call it "Rear View"')
    expect(reply.action.type).toBe("none")
    expect(reply.action.data.title).toBe("Rear View")
    expect(reply.action.data.style).toBe(finishedSong.style)
    expect(reply.action.data.lyrics?.length).toBeGreaterThan(0)
    expect(reply.action.data.lyrics).not.toBe(dummyLyrics)
    expect(reply.message).toContain("Rear View")
  })

  it.each(["new song", "let's start over", "write another song", "let's write something else"])(
    "starts a new song for %j",
    (message) => {
      const reply = afterLyrics(message)
      expect(reply.action).toEqual({ type: "new_song", data: {} })
      expect(reply.message).not.toBe(newSongMessage)
      expect(reply.message).toMatch(asksForSubject)
    },
  )

  it("thanks back and suggests what to do next", () => {
    const reply = afterLyrics("Thank you, I love it!")
    expect(reply.action).toEqual({ type: "none", data: {} })
    expect(reply.message).toMatch(/lyrics/)
    expect(reply.message).toMatch(/style/)
    expect(reply.message).toMatch(/generate the song/)
  })

  it("answers anything else helpfully, without changing the song", () => {
    for (const message of ["hmm", "what now?", "can you sing it?", "make it about my cat"]) {
      const reply = afterLyrics(message)
      expectValid(reply)
      expect(reply.action).toEqual({ type: "none", data: {} })
    }
    expect(afterLyrics("make it about my cat").message).toContain("your cat")
  })
})

describe("offlineReply as a function", () => {
  const conversation: Array<ChatTurn> = [
    { role: "user", content: "a song about my dog" },
    { role: "assistant", content: "Which style?" },
    { role: "user", content: "jazz please" },
  ]

  it("gives the same reply to the same request", () => {
    expect(offlineReply(request(conversation, blankSong, 42))).toEqual(
      offlineReply(request(conversation, blankSong, 42)),
    )
    expect(afterLyrics("make it jazzier", 9)).toEqual(afterLyrics("make it jazzier", 9))
  })

  it("varies its wording with the seed but not its decision", () => {
    const replies = Array.from({ length: 12 }, (_, seed) =>
      offlineReply(request(conversation, blankSong, seed)),
    )
    expect(new Set(replies.map((r) => r.message)).size).toBeGreaterThan(1)
    expect(new Set(replies.map((r) => r.action.type))).toEqual(new Set(["none"]))
  })

  it("decides the same whatever the seed", () => {
    const messages = [
      "hi",
      "a song about leaving my small town",
      "nostalgic country",
      "male vocals with acoustic guitar and fiddle",
      "yes",
    ]
    const outcomes = Array.from({ length: 20 }, (_, seed) =>
      converse(messages, blankSong, seed * 7919 - 20).replies.map((r) => r.action),
    )
    for (const outcome of outcomes) expect(outcome).toEqual(outcomes[0])
  })

  const odd = [
    "",
    "   ",
    "x".repeat(4000),
    `a song about ${"the long road home and everything on it ".repeat(100)}`.slice(0, 4000),
    "🎵🎶🎸💔🔥",
    "Quiero una canción sobre mi perro",
    "私の猫についての歌",
    "WRITE ME A ROCK SONG ABOUT MY TRUCK WITH MALE VOCALS AND DRUMS!!!",
    "?",
    "\u0000\n\t",
  ]

  it.each(odd)("always answers %j before the lyrics", (message) => {
    expectValid(offlineReply(request([{ role: "user", content: message }])))
    expectValid(converse(["a song about my dog", "pop", message]).last)
  })

  it.each(odd)("always answers %j after the lyrics", (message) => {
    expectValid(afterLyrics(message))
  })

  it("keeps the lyrics request within its limits for a very long subject", () => {
    const { last } = converse([
      `a song about ${"the long road home ".repeat(250)}`,
      "just write it",
    ])
    expect(last.action.type).toBe("generate_lyrics")
    const { title, style, description } = last.action.data
    expect(title?.length).toBeGreaterThan(0)
    expect(title?.length).toBeLessThanOrEqual(60)
    expect(style?.length).toBeLessThanOrEqual(200)
    expect(description?.length).toBeLessThanOrEqual(2000)
    expect(last.message.length).toBeLessThan(600)
  })

  it("answers a history that ends with Melody's own turn", () => {
    const reply = offlineReply(
      request([
        { role: "user", content: "a song about my dog" },
        { role: "assistant", content: "Lovely! Which style?" },
      ]),
    )
    expectValid(reply)
    expect(reply.action.type).toBe("none")
  })
})
