// What the chat and the lyrics box say and allow: plain, so pages can show them without loading schemas.

/** What the lyrics box allows. */
export const lyricsLimit = 2000

/** How Melody opens every chat. */
export const melodyGreeting =
  "Hi, I'm Melody, your songwriting partner! Tell me what your song should be about: a feeling, a story, " +
  "a person or a moment. We'll pick a style together (Pop, Rock, Hip-Hop, Country, Jazz, Electronic or " +
  "Classical), choose male or female vocals and the instruments you hear, and I'll write the lyrics. " +
  "What song would you like to create?"

/** The assistant message that starts a new song; the chat does not display it. */
export const newSongMessage = "Let's start a new song. What would you like your song to be about?"

export const lyricsIntro = (title: string) => `Here are the lyrics I created for "${title}":`
