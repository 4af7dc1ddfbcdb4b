import { describe, expect, it } from "@effect/vitest"
import {
  emptyPlan,
  nextStep,
  planFromMessages,
  planFromStyle,
  withDefaults,
} from "./melody-plan.ts"
import { deriveTitle, description, songTitle, styleText } from "./song-from-plan.ts"

describe("planFromMessages", () => {
  it("gathers every kind of fact across messages", () => {
    const plan = planFromMessages([
      "a song about leaving my small town",
      "nostalgic country",
      "male vocals with acoustic guitar and fiddle",
      'call it "Dust on the Dashboard"',
    ])
    expect(plan).toEqual({
      theme: "leaving my small town",
      moods: ["nostalgic"],
      genres: ["Country"],
      descriptors: [],
      voice: "male",
      instruments: ["acoustic guitar", "fiddle"],
      title: "Dust on the Dashboard",
    })
  })

  it("lets later words win for style, voice and title", () => {
    const plan = planFromMessages([
      "an upbeat pop song about summer love with female vocals, call it Sunburn",
      "make it rock instead",
      "male vocals please",
      "actually, title it Salt",
    ])
    expect(plan).toMatchObject({
      genres: ["Rock"],
      voice: "male",
      title: "Salt",
      descriptors: ["upbeat"],
    })
  })

  it("replaces a style word of the same kind and keeps the others", () => {
    const plan = planFromMessages(["80s pop, upbeat", "slower please"])
    expect(plan.descriptors).toEqual(["80s", "slow"])
  })

  it("adds instruments, and replaces or removes them when asked", () => {
    expect(planFromMessages(["piano", "add a cello", "and drums"]).instruments).toEqual([
      "piano",
      "cello",
      "drums",
    ])
    expect(planFromMessages(["piano and drums", "only guitar"]).instruments).toEqual(["guitar"])
    expect(planFromMessages(["piano and drums", "no drums"]).instruments).toEqual(["piano"])
    expect(planFromMessages(["piano", "a cappella"]).instruments).toEqual(["a cappella"])
  })

  it("keeps the first plain subject, but takes a new one given with 'about'", () => {
    expect(planFromMessages(["summer love by the sea", "upbeat vibes"]).theme).toBe(
      "summer love by the sea",
    )
    expect(
      planFromMessages(["summer love by the sea", "actually, make it about my dog"]).theme,
    ).toBe("my dog")
  })

  it("does not take a later plain answer for the subject", () => {
    const plan = planFromMessages(["a sad song", "something like my favourite band"])
    expect(plan.theme).toBeUndefined()
    expect(plan.moods).toEqual(["sad"])
  })
})

describe("nextStep", () => {
  it("asks for a subject, a style, the sound, then reviews", () => {
    expect(nextStep(emptyPlan)).toBe("theme")
    expect(nextStep(planFromMessages(["jazz with piano"]))).toBe("theme")
    expect(nextStep(planFromMessages(["about my dog"]))).toBe("style")
    expect(nextStep(planFromMessages(["a sad song"]))).toBe("style")
    expect(nextStep(planFromMessages(["about my dog", "jazz"]))).toBe("sound")
    expect(nextStep(planFromMessages(["about my dog", "jazz", "female vocals"]))).toBe("sound")
    expect(nextStep(planFromMessages(["about my dog", "acoustic", "female, piano"]))).toBe("review")
  })
})

describe("withDefaults", () => {
  it("fills only what is missing: pop, a female voice, instruments that suit the genre", () => {
    expect(withDefaults(planFromMessages(["about my dog"]))).toMatchObject({
      genres: ["Pop"],
      voice: "female",
      instruments: ["piano", "acoustic guitar"],
    })
    expect(withDefaults(planFromMessages(["about my dog", "country, male vocals"]))).toMatchObject({
      genres: ["Country"],
      voice: "male",
      instruments: ["acoustic guitar", "fiddle"],
    })
  })
})

describe("deriveTitle", () => {
  it.each([
    ["my grandmother's garden", "Grandmother's Garden"],
    ["leaving my small town", "Leaving My Small Town"],
    ["summer love by the sea", "Summer Love"],
    ["my wife on our anniversary", "Our Anniversary"],
    ["how we fell in love in Paris", "Love in Paris"],
    ["memories of days gone by", "Memories of Days Gone"],
    ["my dog", "My Dog"],
    ["love", "Love Song"],
    ["🎸", "My Song"],
  ])("titles %j as %j", (subject, title) => {
    expect(deriveTitle(subject)).toBe(title)
  })

  it("stays within four words and sixty characters", () => {
    const title = deriveTitle(
      "extraordinarily incomprehensible characteristically unquestionable circumstances everywhere",
    )
    expect(title.split(" ").length).toBeLessThanOrEqual(4)
    expect(title.length).toBeLessThanOrEqual(60)
  })

  it("prefers the person's own title", () => {
    expect(songTitle(planFromMessages(["about my dog", "call it Good Boy"]))).toBe("Good Boy")
    expect(songTitle(planFromMessages(["about my grandmother's garden"]))).toBe(
      "Grandmother's Garden",
    )
  })
})

describe("styleText and description", () => {
  const plan = planFromMessages([
    "a song about leaving my small town, nostalgic",
    "country",
    "male vocals with acoustic guitar and fiddle",
  ])

  it("lists genre, mood, voice and instruments", () => {
    expect(styleText(plan)).toBe("Country, nostalgic, male vocals, acoustic guitar, fiddle")
  })

  it("keeps the style within 200 characters", () => {
    const busy = planFromMessages([
      "about my dog",
      "jazz and hip-hop, nostalgic, bittersweet and dreamy, slow, 80s, acoustic, cinematic, retro",
      "a duet with acoustic guitar, electric guitar, steel guitar, double bass, saxophone, accordion",
    ])
    expect(styleText(busy).length).toBeLessThanOrEqual(200)
    expect(styleText(busy)).toMatch(/^Jazz, Hip-Hop/)
  })

  it("describes the subject in the person's words, with its feeling", () => {
    expect(description(plan)).toMatch(/^A nostalgic song about leaving my small town\./)
    expect(description(planFromMessages(["I miss my dad"]))).toMatch(
      /^A song about how I miss my dad\./,
    )
    expect(description(planFromMessages(["something sad"]))).toMatch(/^A sad song about \w+/)
  })
})

describe("planFromStyle", () => {
  it("reads a style text back and keeps what it does not recognise", () => {
    const { plan, extras } = planFromStyle(
      "Country, nostalgic, male vocals, acoustic guitar, fiddle, whispery harmonies",
    )
    expect(plan).toMatchObject({
      genres: ["Country"],
      moods: ["nostalgic"],
      voice: "male",
      instruments: ["acoustic guitar", "fiddle"],
    })
    expect(extras).toEqual(["whispery harmonies"])
  })
})
