import type { ActionType } from "#events/contracts/songwriting.ts"
import type { ActionData } from "#modules/songwriting/api.ts"
import type { Reply, ReplyRequest, SongSketch } from "#modules/songwriting/ports.ts"
import { readMessage } from "./extraction.ts"
import { writeLyrics } from "./lyric-writer.ts"
import {
  asksAboutMelody,
  isAffirmation,
  isGratitude,
  isGreeting,
  isHelpRequest,
  isRefusal,
  isThanks,
  wantsDefaults,
  wantsNewSong,
  wantsSomethingElse,
  wantsToHear,
} from "./melody-intents.ts"
import {
  anyChange,
  applySlots,
  changes,
  hasSubject,
  nextStep,
  type Plan,
  planFromMessages,
  planFromStyle,
  readInto,
  styleChanged,
  withDefaults,
} from "./melody-plan.ts"
import { type Pick, seededPick, withinLimit } from "./phrasing.ts"
import {
  helpAfterLyrics,
  nextAfterLyrics,
  otherSubject,
  restyled,
  retitled,
  thanksAfterLyrics,
  toHear,
} from "./replies-after-lyrics.ts"
import {
  agreed,
  askSound,
  askStyle,
  askTheme,
  greetingBack,
  help,
  identity,
  needSubjectFirst,
  newSong,
  nextQuestion,
  noted,
  reviewQuestion,
  summary,
  welcome,
  whatToChange,
  writing,
  writingWithChoices,
} from "./replies-before-lyrics.ts"
import { description, songTitle, styleText } from "./song-from-plan.ts"
import { changeInWords } from "./style-change-words.ts"

/**
 * Melody without a language model: the same conversation, worked out from the words alone. Each reply
 * rebuilds the song plan from all of the person's messages (the history is the only memory), then answers
 * the newest one: help and questions first, then "start over" and "you choose", then a yes to the
 * summary, and otherwise the next missing piece of the plan.
 */
export const offlineReply = (request: ReplyRequest): Reply => {
  const last = request.history.at(-1)
  const message = last?.role === "user" ? last.content : ""
  const earlier = request.history
    .slice(0, last?.role === "user" ? -1 : undefined)
    .filter((turn) => turn.role === "user")
    .map((turn) => turn.content)
  const pick = seededPick(request.seed, message)
  const reply =
    request.song.stage === "complete"
      ? afterLyrics(request.song, message, request.seed, pick)
      : beforeLyrics(earlier, message, pick)
  return { message: withinLimit(reply.message), action: reply.action }
}

const say = (message: string, type: ActionType = "none", data: ActionData = {}): Reply => ({
  message,
  action: { type, data },
})

const generate = (plan: Plan, message: string): Reply =>
  say(message, "generate_lyrics", {
    title: songTitle(plan),
    style: styleText(plan),
    description: description(plan),
  })

const beforeLyrics = (earlier: ReadonlyArray<string>, message: string, pick: Pick): Reply => {
  const before = planFromMessages(earlier)
  if (message.trim() === "")
    return say(
      earlier.length === 0 ? askTheme(pick, greetingBack(pick)) : nextQuestion(pick, before),
    )
  const after = readInto(before, message)
  const changed = changes(before, after)
  const changedAnything = anyChange(changed)
  const step = nextStep(after)
  const wasReview = nextStep(before) === "review"

  if (asksAboutMelody(message)) return say(identity(pick, nextQuestion(pick, after)))
  if (isHelpRequest(message) && !changedAnything) return say(help(nextQuestion(pick, after)))
  // Starting over needs something to drop; "a new song about my cat" is simply the subject.
  const startOver = wantsNewSong(message) || (wantsSomethingElse(message) && !changedAnything)
  if (startOver && earlier.length > 0 && !changed.theme) return say(newSong(pick), "new_song")
  if (wantsDefaults(message))
    return hasSubject(after)
      ? generate(withDefaults(after), writingWithChoices(pick, withDefaults(after)))
      : say(needSubjectFirst(pick))
  // A yes to the summary writes the song; a yes that also changes the sound gets a new summary first.
  const onlyTitle = !changedAnything || (changed.title && !styleChanged(changed) && !changed.theme)
  if (wasReview && isAffirmation(message) && onlyTitle)
    return generate(after, writing(pick, songTitle(after)))
  if (!changedAnything && step !== "review") {
    if (isGratitude(message)) return say(welcome(pick, nextQuestion(pick, after)))
    if (isAffirmation(message)) return say(agreed(pick, nextQuestion(pick, after)))
    if (isGreeting(message)) {
      const hello = greetingBack(pick, message)
      return say(step === "theme" ? askTheme(pick, hello) : `${hello} ${nextQuestion(pick, after)}`)
    }
  }

  switch (step) {
    case "theme":
      return say(askTheme(pick, noted(pick, after, changed)))
    case "style":
      return say(askStyle(pick, after, changed))
    case "sound":
      return say(askSound(pick, after, changed))
    case "review":
      if (wasReview && !changedAnything)
        return say(isRefusal(message) ? whatToChange(pick) : reviewQuestion(pick, after))
      return say(summary(pick, after, wasReview))
  }
}

const afterLyrics = (song: SongSketch, message: string, seed: number, pick: Pick): Reply => {
  const title = song.title.trim() === "" ? "your song" : song.title
  if (message.trim() === "") return say(nextAfterLyrics(pick, title))
  if (asksAboutMelody(message)) return say(identity(pick, helpAfterLyrics(title)))

  const slots = readMessage(message, { plainTheme: false })
  const current = planFromStyle(song.style)
  const next = applySlots(current.plan, slots)
  const restyle = styleChanged(changes(current.plan, next))
  // "Try something else" with a style is a new take; "let's write something else" is a new song.
  if (
    wantsNewSong(message) ||
    (wantsSomethingElse(message) && !restyle && slots.title === undefined)
  )
    return say(newSong(pick), "new_song")
  const newTitle = slots.title ?? song.title
  if (restyle) {
    const style = styleText(next, current.extras) || song.style
    const lyrics = writeLyrics({ title: newTitle, description: song.description, style, seed })
    const shown = slots.title ?? title
    const { adjective, detail } = changeInWords(current.plan, next, message)
    return say(restyled(pick, shown, adjective, detail), "change_style", {
      title: newTitle,
      style,
      lyrics,
    })
  }
  if (slots.title !== undefined) {
    const lyrics = writeLyrics({
      title: slots.title,
      description: song.description,
      style: song.style,
      seed,
    })
    return say(retitled(pick, slots.title), "none", {
      title: slots.title,
      lyrics,
      style: song.style,
    })
  }
  if (isHelpRequest(message)) return say(helpAfterLyrics(title))
  if (wantsToHear(message)) return say(toHear(pick, title))
  if (slots.theme !== undefined) return say(otherSubject(pick, title, slots.theme))
  if (isThanks(message)) return say(thanksAfterLyrics(pick, title))
  return say(nextAfterLyrics(pick, title))
}
