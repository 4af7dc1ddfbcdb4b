import { describe, expect, it } from "@effect/vitest"
import {
  asksAboutMelody,
  isAffirmation,
  isGreeting,
  isHelpRequest,
  isRefusal,
  isThanks,
  wantsDefaults,
  wantsNewSong,
  wantsSomethingElse,
  wantsToHear,
} from "./melody-intents.ts"

describe("melody intents", () => {
  it.each([
    "yes",
    "Yeah",
    "sure",
    "ok",
    "Okay!",
    "go ahead",
    "sounds good",
    "perfect",
    "let's do it",
    "Let’s do it!",
    "write it",
    "do it",
    "great",
    "love it",
    "Yes, that sounds perfect, go for it!",
    "👍",
  ])("hears %j as a yes", (message) => {
    expect(isAffirmation(message)).toBe(true)
  })

  it.each(["no", "not yet", "nope, make it rock", "wait, I'm not sure", "hmm", "male vocals"])(
    "does not hear %j as a yes",
    (message) => {
      expect(isAffirmation(message)).toBe(false)
    },
  )

  it("hears a refusal", () => {
    expect(isRefusal("No, not like that")).toBe(true)
    expect(isRefusal("not yet")).toBe(true)
    expect(isRefusal("a song about nothing")).toBe(false)
  })

  it.each([
    "just write it",
    "Just write the song",
    "just write a sad song about rain",
    "surprise me!",
    "you choose",
    "up to you",
    "I don't mind",
  ])("hears %j as handing the choices over", (message) => {
    expect(wantsDefaults(message)).toBe(true)
  })

  it("does not hear a subject as handing the choices over", () => {
    expect(wantsDefaults("I just write about my life")).toBe(false)
  })

  it.each(["new song", "start over", "let's write another song", "can we start again?"])(
    "hears %j as a new song",
    (message) => {
      expect(wantsNewSong(message)).toBe(true)
    },
  )

  it("tells 'something else' apart from an unmistakable new song", () => {
    expect(wantsSomethingElse("let's write something else")).toBe(true)
    expect(wantsSomethingElse("another one!")).toBe(true)
    expect(wantsNewSong("let's write something else")).toBe(false)
  })

  it("tells help, questions about Melody, greetings, thanks and listening apart", () => {
    expect(isHelpRequest("what styles can you do?")).toBe(true)
    expect(isHelpRequest("help")).toBe(true)
    expect(isHelpRequest("What can you do?")).toBe(true)
    expect(isHelpRequest("a song about helping others")).toBe(false)
    expect(asksAboutMelody("are you a real person?")).toBe(true)
    expect(isGreeting("Hello there")).toBe(true)
    expect(isGreeting("his old truck")).toBe(false)
    expect(isThanks("thank you so much!")).toBe(true)
    expect(isThanks("make it rock")).toBe(false)
    expect(wantsToHear("can you sing it?")).toBe(true)
  })
})
