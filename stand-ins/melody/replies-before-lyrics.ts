import { type Changes, nextStep, type Plan, suggestedInstruments } from "./melody-plan.ts"
import { genreInSentence, mainStyles } from "./melody-vocabulary.ts"
import {
  aboutPart,
  capitalise,
  echo,
  genreWords,
  type Pick,
  planSummary,
  songPhrase,
  soundPhrase,
} from "./phrasing.ts"
import { article, joinWords, songTitle, voiceLabel } from "./song-from-plan.ts"

/** What Melody says while the song takes shape: greetings, questions, notes, summaries and help. */

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

const soundQuestion = (pick: Pick, plan: Plan): string => {
  const ideas = joinWords(suggestedInstruments(plan), "or")
  const genre = plan.genres[0]
  if (plan.voice === undefined && plan.instruments.length === 0)
    return pick([
      `Would you like male or female vocals, or an instrumental? And which instruments do you hear, maybe ${ideas}?`,
      `Should a male or a female voice sing it, or nobody (an instrumental)? And what instruments: ${ideas}, or something else?`,
    ])
  if (plan.voice === undefined)
    return pick([
      "Would you like male or female vocals, or an instrumental with no vocals?",
      "Who should sing it: a male or a female voice? Or should it be an instrumental?",
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
