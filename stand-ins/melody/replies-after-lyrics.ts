import { mainStyles } from "./melody-vocabulary.ts"
import { echo, type Pick } from "./phrasing.ts"
import { article } from "./song-from-plan.ts"

/** What Melody says once the lyrics are written: restyles, new titles, thanks and what comes next. */

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
