import { normalise } from "./melody-intents.ts"

const flips: Record<string, string> = {
  i: "you",
  me: "you",
  my: "your",
  mine: "yours",
  myself: "yourself",
  we: "you",
  us: "you",
  our: "your",
  ours: "yours",
  ourselves: "yourselves",
  "i'm": "you're",
  im: "you're",
  "i've": "you've",
  "i'll": "you'll",
  "i'd": "you'd",
  "we're": "you're",
  "we've": "you've",
  "we'll": "you'll",
  "we'd": "you'd",
}

/** The person's words as Melody says them back: "my dog" is "your dog", "I was" is "you were". */
export const flipPronouns = (text: string): string => {
  let previous = ""
  return normalise(text)
    .replace(/(?<![\p{L}'])(?:you and me|me and you|you and i)(?![\p{L}'])/giu, "the two of you")
    .replace(/[\p{L}']+/gu, (word) => {
      const lower = word.toLowerCase()
      const after = previous
      previous = lower
      if (after === "i" && lower === "am") return "are"
      if (after === "i" && lower === "was") return "were"
      const flipped = flips[lower]
      if (flipped === undefined) return word
      const capital = !/^I(?:'|$)/.test(word) && word.charAt(0) !== lower.charAt(0)
      return capital ? flipped.charAt(0).toUpperCase() + flipped.slice(1) : flipped
    })
}
