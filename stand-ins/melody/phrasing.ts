import {
  aboutPhrase,
  article,
  type Changes,
  joinWords,
  nextStep,
  type Plan,
  songTitle,
  suggestedInstruments,
  voiceLabel,
} from "./melody-plan.ts"
import { aCappella, type Genre, genreInSentence, mainStyles } from "./melody-vocabulary.ts"
import { flipPronouns } from "./speaking-back.ts"

/**
 * Melody's words. Each message has a few wordings; a picker seeded from the request's seed and the person's
 * message chooses among them, so a reply varies between conversations yet repeats exactly for one request.
 */

export type Pick = <A>(options: readonly [A, ...ReadonlyArray<A>]) => A

/** FNV-1a over the text, then mulberry32: small, fast, and the same on every machine. */
export const seededPick = (seed: number, text: string): Pick => {
  let state = (seed ^ 0x811c9dc5) >>> 0
  for (let i = 0; i < text.length; i++)
    state = Math.imul(state ^ text.charCodeAt(i), 0x01000193) >>> 0
  return (options) => {
    state = (state + 0x6d2b79f5) | 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296
    return options[Math.floor(unit * options.length)] ?? options[0]
  }
}

const echoLimit = 90

const clip = (text: string, limit: number): string => {
  if (text.length <= limit) return text
  const cut = text.slice(0, limit)
  const space = cut.lastIndexOf(" ")
  return `${(space > limit / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`
}

const capitalise = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`

/** The subject said back to the person: "my dog" becomes "your dog". */
export const echo = (theme: string): string => clip(flipPronouns(aboutPhrase(theme)), echoLimit)

const genreWords = (genres: ReadonlyArray<Genre>) =>
  joinWords(genres.map((g) => genreInSentence[g]))

/** "a nostalgic country song", "an upbeat, 80s pop song". */
export const songPhrase = (plan: Plan): string => {
  const feel = [...plan.moods, ...plan.descriptors].join(", ")
  const kind = [feel, genreWords(plan.genres)].filter((w) => w !== "").join(" ")
  return kind === "" ? "a song" : `${article(kind)} ${kind} song`
}

/** "male vocals with acoustic guitar and fiddle". */
export const soundPhrase = (plan: Plan): string => {
  const voice = plan.voice === undefined ? "vocals" : voiceLabel[plan.voice]
  const sung = plan.voice === "duet" ? `a ${voice}` : plan.voice === "choir" ? "a choir" : voice
  if (plan.instruments.includes(aCappella)) return `${sung}, a cappella`
  if (plan.instruments.length === 0) return sung
  return `${sung} with ${joinWords(plan.instruments.slice(0, 5))}`
}

const aboutPart = (plan: Plan) => (plan.theme === undefined ? "" : ` about ${echo(plan.theme)}`)

const titlePart = (plan: Plan) =>
  plan.title === undefined
    ? `with the working title "${songTitle(plan)}"`
    : `titled "${plan.title}"`

export const planSummary = (plan: Plan): string =>
  `${songPhrase(plan)}${aboutPart(plan)}, ${soundPhrase(plan)}, ${titlePart(plan)}`

// Before the lyrics

const themeQuestions = [
  'What should your song be about? It could be a person, a place, a memory or a feeling, like "my grandmother\'s garden" or "leaving my small town".',
  'Tell me what the song is about: someone you love, a moment you can\'t forget, or simply a feeling. For example, "summer love by the sea".',
  'What\'s the story or feeling behind your song? Something like "for my wife on our anniversary" or "a rainy night in the city" is perfect.',
] as const

export const greetingBack = (pick: Pick, message = ""): string => {
  const hello = pick([
    "Hi there, so glad you're here!",
    "Hello! Lovely to meet you.",
    "Hey! Wonderful to have you here.",
  ])
  return /how are you/i.test(message) ? `${hello} I'm doing great, thanks for asking.` : hello
}

export const askTheme = (pick: Pick, opening = ""): string =>
  [opening, pick(themeQuestions)].filter((part) => part !== "").join(" ")

/** A short note of what the person just settled, when it is not what Melody asks about next. */
export const noted = (pick: Pick, plan: Plan, changed: Changes): string => {
  const pieces: Array<string> = []
  if (changed.genres && plan.genres.length > 0) pieces.push(capitalise(genreWords(plan.genres)))
  if (changed.descriptors && plan.descriptors.length > 0) pieces.push(plan.descriptors.join(", "))
  if (changed.voice && plan.voice !== undefined) pieces.push(voiceLabel[plan.voice])
  if (changed.instruments && plan.instruments.length > 0) pieces.push(joinWords(plan.instruments))
  if (changed.title && plan.title !== undefined) pieces.push(`the title "${plan.title}"`)
  if (pieces.length === 0) return ""
  const list = capitalise(joinWords(pieces))
  return pick([`${list}, noted!`, `${list}, lovely.`, `Love it: ${joinWords(pieces)}.`])
}

const styleQuestions = [
  `Which style fits it best: ${mainStyles}?`,
  `What style are you hearing: ${mainStyles}? You can add a feel too, like "80s" or "acoustic".`,
  `Let's pick a style: ${mainStyles}?`,
] as const

export const askStyle = (pick: Pick, plan: Plan, changed: Changes): string => {
  const feeling =
    plan.moods.length > 0 ? `${article(plan.moods[0] ?? "")} ${joinWords(plan.moods)} song` : ""
  let opening = ""
  if ((changed.theme || changed.moods) && plan.theme !== undefined) {
    const about = echo(plan.theme)
    opening =
      feeling === ""
        ? pick([
            `A song about ${about}, I love that.`,
            `${capitalise(about)}: that's a song worth writing.`,
            `${capitalise(about)}, that's a beautiful idea for a song.`,
          ])
        : pick([
            `${capitalise(feeling)} about ${about}, I love that.`,
            `Ooh, ${feeling} about ${about}. Beautiful.`,
          ])
  } else if (changed.moods && feeling !== "") {
    opening = pick([
      `${capitalise(feeling)}, lovely.`,
      `${capitalise(feeling)}, I can feel it already.`,
    ])
  } else {
    opening = noted(pick, plan, changed) || "I didn't catch a style in that."
  }
  return `${opening} ${pick(styleQuestions)}`
}

export const soundQuestion = (pick: Pick, plan: Plan): string => {
  const ideas = joinWords(suggestedInstruments(plan), "or")
  const genre = plan.genres[0]
  if (plan.voice === undefined && plan.instruments.length === 0)
    return pick([
      `Would you like male or female vocals? And which instruments do you hear, maybe ${ideas}?`,
      `Should a male or a female voice sing it? And what instruments: ${ideas}, or something else?`,
    ])
  if (plan.voice === undefined)
    return pick([
      "Would you like male or female vocals?",
      "Who should sing it: a male or a female voice?",
    ])
  return genre === undefined
    ? pick([
        `Which instruments do you hear? Maybe ${ideas}?`,
        `What instruments should carry it: ${ideas}?`,
      ])
    : pick([
        `Which instruments do you hear? ${capitalise(genreInSentence[genre])} shines with ${ideas}.`,
        `What instruments should carry it: ${ideas}, or something else?`,
      ])
}

export const askSound = (pick: Pick, plan: Plan, changed: Changes): string => {
  let opening = ""
  if (changed.genres && plan.genres.length > 0) {
    const feel = plan.descriptors.join(", ")
    const genre = capitalise([feel, genreWords(plan.genres)].filter((w) => w !== "").join(" "))
    opening =
      plan.theme === undefined
        ? pick([`${genre} it is!`, `${genre}, lovely choice.`])
        : pick([
            `${genre} it is, a great fit for ${echo(plan.theme)}.`,
            `${genre}, lovely choice.`,
            `${genre} it is!`,
          ])
  } else {
    opening = noted(pick, plan, changed) || "I didn't quite catch that."
  }
  return `${opening} ${soundQuestion(pick, plan)}`
}

export const summary = (pick: Pick, plan: Plan, updated: boolean): string => {
  const opening = updated
    ? pick([
        "Updated! Here's the plan now:",
        "Done, I've changed that. Now it's",
        "Got it! So now it's",
      ])
    : pick(["Here's the plan:", "Lovely, here's what I have:", "Wonderful, so here's our song:"])
  const question = pick([
    "Shall I write the lyrics?",
    "Ready for me to write the lyrics?",
    "Want me to write the lyrics now?",
  ])
  return `${opening} ${planSummary(plan)}. ${question}`
}

export const reviewQuestion = (pick: Pick, plan: Plan): string =>
  pick([
    `Shall I write the lyrics for "${songTitle(plan)}"?`,
    `Whenever you're ready, say yes and I'll write "${songTitle(plan)}", or tell me what to change.`,
  ])

/** The question of the current step, short, for after a detour (help, thanks, a greeting). */
export const nextQuestion = (pick: Pick, plan: Plan): string => {
  switch (nextStep(plan)) {
    case "theme":
      return pick(["What should your song be about?", "So, what should your song be about?"])
    case "style":
      return `Which style would you like for it: ${mainStyles}?`
    case "sound":
      return soundQuestion(pick, plan)
    case "review":
      return reviewQuestion(pick, plan)
  }
}

export const whatToChange = (pick: Pick): string =>
  pick([
    "No problem. What would you like to change: the style, the vocals, the instruments or the title?",
    "Sure, let's adjust it. Tell me what to change: the style, the voice, the instruments or the title.",
  ])

export const writing = (pick: Pick, title: string): string =>
  pick([
    `Wonderful! Writing "${title}" now...`,
    `Writing your lyrics for "${title}" now...`,
    `Here we go: writing "${title}" now...`,
  ])

export const writingWithChoices = (pick: Pick, plan: Plan): string =>
  `${pick(["Leaving the rest to me:", "I'll choose, then:", "Happy to pick for you:"])} ${songPhrase(plan)}${aboutPart(plan)}, ${soundPhrase(plan)}. ${writing(pick, songTitle(plan))}`

export const needSubjectFirst = (pick: Pick): string =>
  askTheme(
    pick,
    pick([
      "I'd love to choose the rest for you! First, though, one thing only you can tell me.",
      "Happy to fill in the details! I just need a starting point.",
    ]),
  )

const helpIntro = `I help you write songs: tell me what it's about, pick a style (${mainStyles}; lo-fi, R&B, folk, blues, metal and reggae work too), choose male or female vocals and instruments, and I'll write the lyrics.`

export const help = (next: string): string => `${helpIntro} ${next}`

export const identity = (pick: Pick, next: string): string =>
  `${pick([
    "I'm Melody, a songwriting assistant rather than a person, here to help you shape your song and write its lyrics.",
    "I'm Melody, your songwriting assistant (not a person!), here to turn your idea into lyrics.",
  ])} ${next}`

/** A yes to a question that needs a choice: agree, then ask for the choice again. */
export const agreed = (pick: Pick, next: string): string =>
  `${pick(["Great!", "Lovely!", "Sounds good!"])} ${next}`

export const welcome = (pick: Pick, next: string): string =>
  `${pick(["You're welcome!", "My pleasure!", "Anytime!"])} ${next}`

export const newSong = (pick: Pick): string =>
  pick([
    "Fresh page! What should the next song be about? A person, a place, a memory or a feeling, anything goes.",
    "Let's make another one! What's this song going to be about?",
    "A new song, how exciting! Tell me what it should be about: a story, a person or a feeling.",
  ])

// After the lyrics

/** `adjective` says how the sound changed ("jazzier"); `detail` what was added or left out. */
export const restyled = (pick: Pick, title: string, adjective: string, detail: string): string => {
  if (adjective === "")
    return pick([`Here's "${title}" ${detail}:`, `Here's a new take on "${title}", ${detail}:`])
  const a = article(adjective)
  if (detail !== "") return `Here's ${a} ${adjective} take on "${title}", ${detail}:`
  return pick([
    `Here's ${a} ${adjective} take on "${title}":`,
    `Here's "${title}" with ${a} ${adjective} feel:`,
    `I reworked "${title}" into ${a} ${adjective} version:`,
  ])
}

export const toHear = (pick: Pick, title: string): string =>
  pick([
    `I write the words, and you can turn them into a real song: generate the song from the lyrics of "${title}". Want any changes first, like a new style or title?`,
    `To hear "${title}", generate the song from its lyrics. I'm happy to adjust the style or the title before you do.`,
  ])

export const retitled = (pick: Pick, title: string): string =>
  pick([
    `Done, the song is now called "${title}". Here are the lyrics to match:`,
    `"${title}" it is! I've reworked the lyrics around the new title:`,
  ])

export const thanksAfterLyrics = (pick: Pick, title: string): string =>
  pick([
    `You're so welcome! I'm glad you like "${title}". You can edit the lyrics right in the card, ask me for another style (say, "make it jazzier"), or generate the song when you're ready.`,
    `That makes me happy! Next, you could tweak the lyrics of "${title}" yourself, try a different style, or generate the song to hear it.`,
  ])

export const nextAfterLyrics = (pick: Pick, title: string): string =>
  pick([
    `Happy to keep shaping "${title}". I can change the style ("make it more acoustic"), give it a new title ("call it ..."), or start a new song. You can also edit the lyrics yourself or generate the song.`,
    `What would you like to do with "${title}"? I can try another style or mood ("slower and sadder"), rename it, or we can start a new song. Editing the lyrics or generating the song is up to you too.`,
  ])

export const helpAfterLyrics = (title: string): string =>
  `I can rework "${title}" in another style (${mainStyles}, or a mood like "slower and sadder"), give it a new title ("call it ..."), or start a new song. You can edit the lyrics in the card or generate the song to hear it.`

export const otherSubject = (pick: Pick, title: string, theme: string): string =>
  pick([
    `A song about ${echo(theme)} sounds lovely! Say "new song" and we'll start it fresh; for "${title}" I can still change the style or the title.`,
    `I'd love to write about ${echo(theme)}! Just say "new song" to begin it. Meanwhile "${title}" can get a new style or title whenever you like.`,
  ])

const messageLimit = 599

/** Every message stays under 600 characters, ending at a sentence where it has to be cut. */
export const withinLimit = (message: string): string => {
  if (message.length <= messageLimit) return message
  const cut = message.slice(0, messageLimit - 1)
  const sentence = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf("? "), cut.lastIndexOf("! "))
  return sentence > messageLimit / 2 ? cut.slice(0, sentence + 1) : `${cut.trimEnd()}…`
}
