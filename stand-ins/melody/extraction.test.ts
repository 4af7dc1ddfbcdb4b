import { describe, expect, it } from "@effect/vitest"
import {
  extractDescriptors,
  extractGenres,
  extractInstruments,
  extractMoods,
  extractTheme,
  extractTitle,
  extractVoice,
  readMessage,
} from "./extraction.ts"
import { titleCase } from "./message-titles.ts"
import { flipPronouns } from "./speaking-back.ts"

describe("extractTheme", () => {
  it.each([
    ["a song about my grandmother's garden", "my grandmother's garden"],
    ["I want to write about leaving my small town", "leaving my small town"],
    ["for my wife on our anniversary", "my wife on our anniversary"],
    ["Can you write a song for my wife on our anniversary?", "my wife on our anniversary"],
    ["Can you write a song about the night we met?", "the night we met"],
    ["It's about my best friend moving away.", "my best friend moving away"],
    ["The theme is friendship", "friendship"],
    ["I'd like a lullaby for my baby girl", "my baby girl"],
    ["a song inspired by the mountains of Norway", "the mountains of Norway"],
  ])("finds the subject in %j", (message, theme) => {
    expect(extractTheme(message)).toBe(theme)
  })

  it("stops before style, voice and instrument requests", () => {
    expect(
      extractTheme("Write an upbeat pop song about summer love with female vocals and guitar"),
    ).toBe("summer love")
    expect(extractTheme("about leaving my small town, something nostalgic and slow")).toBe(
      "leaving my small town",
    )
    expect(extractTheme("a song about my dog. Make it rock!")).toBe("my dog")
  })

  it("keeps a subject's own 'with' and 'and'", () => {
    expect(extractTheme("a song about a girl with red hair")).toBe("a girl with red hair")
    expect(extractTheme("about my mom and dad")).toBe("my mom and dad")
  })

  it("takes a plain message as the subject, without greetings or 'I want a song'", () => {
    expect(extractTheme("summer love by the sea")).toBe("summer love by the sea")
    expect(extractTheme("Hi! summer love by the sea")).toBe("summer love by the sea")
    expect(extractTheme("my great grandmother's house")).toBe("my great grandmother's house")
    expect(extractTheme("I want a song, my first car")).toBe("my first car")
  })

  it.each([
    "hi",
    "hello there melody",
    "rock please",
    "male vocals with piano",
    "something sad",
    "yes, sounds good",
    "great, thanks!",
    "love it",
    "what styles can you do?",
    "surprise me",
    "switch from country to rock",
    "🎸🎸🎸",
    "   ",
  ])("finds no subject in the answer or small talk %j", (message) => {
    expect(extractTheme(message)).toBeUndefined()
  })

  it("ignores 'how about' and 'what about'", () => {
    expect(extractTheme("what about jazz?")).toBeUndefined()
    expect(extractGenres("what about jazz?")).toEqual(["Jazz"])
  })

  it("lowers a shouted subject and trims emoji and punctuation around it", () => {
    expect(extractTheme("I WANT A ROCK SONG ABOUT MY DOG")).toBe("my dog")
    expect(extractTheme("💔 a song about my ex 💔")).toBe("my ex")
  })

  it("caps a very long subject", () => {
    const theme = extractTheme(`a song about ${"the long road home ".repeat(250)}`)
    expect(theme).toBeDefined()
    expect(theme?.length).toBeLessThanOrEqual(300)
  })
})

describe("style, mood, voice and instruments", () => {
  it.each([
    ["make it pop", ["Pop"]],
    ["hard rock", ["Rock"]],
    ["hip hop", ["Hip-Hop"]],
    ["some rap", ["Hip-Hop"]],
    ["country please", ["Country"]],
    ["jazzy", ["Jazz"]],
    ["EDM with synths", ["Electronic"]],
    ["deep house", ["Electronic"]],
    ["techno", ["Electronic"]],
    ["classical", ["Classical"]],
    ["lofi beats", ["Lo-fi"]],
    ["RnB", ["R&B"]],
    ["r&b", ["R&B"]],
    ["folk", ["Folk"]],
    ["blues", ["Blues"]],
    ["heavy metal", ["Metal"]],
    ["reggae", ["Reggae"]],
    ["a mix of jazz and hip-hop", ["Jazz", "Hip-Hop"]],
  ])("reads the genre in %j", (message, genres) => {
    expect(extractGenres(message)).toEqual(genres)
  })

  it("leaves a genre the person moves away from", () => {
    expect(extractGenres("switch from country to rock")).toEqual(["Rock"])
    expect(extractGenres("not country, more like folk")).toEqual(["Folk"])
  })

  it.each([
    ["something happy", ["happy"]],
    ["a sad one", ["sad"]],
    ["romantic", ["romantic"]],
    ["feeling nostalgic", ["nostalgic"]],
    ["energetic!", ["energetic"]],
    ["calm and peaceful", ["calm"]],
    ["hopeful", ["hopeful"]],
    ["dark", ["dark"]],
    ["angry", ["angry"]],
    ["bittersweet and wistful", ["bittersweet", "nostalgic"]],
  ])("reads the mood in %j", (message, moods) => {
    expect(extractMoods(message)).toEqual(moods)
  })

  it("keeps free style words, newest of each kind", () => {
    expect(extractDescriptors("80s synthpop, slow")).toEqual(["80s", "slow"])
    expect(extractDescriptors("an acoustic, upbeat song")).toEqual(["acoustic", "upbeat"])
    expect(extractDescriptors("slow... no, actually fast")).toEqual(["fast"])
  })

  it.each([
    ["male vocals", "male"],
    ["a man singing", "male"],
    ["a guy", "male"],
    ["baritone", "male"],
    ["a tenor", "male"],
    ["female vocals", "female"],
    ["a woman's voice", "female"],
    ["a girl singing", "female"],
    ["soprano", "female"],
    ["a duet", "duet"],
    ["male and female", "duet"],
    ["a choir with organ", "choir"],
    ["not female, male", "male"],
  ])("reads the voice in %j", (message, voice) => {
    expect(extractVoice(message)).toBe(voice)
  })

  it.each([
    ["acoustic guitar and fiddle", ["acoustic guitar", "fiddle"]],
    ["electric guitar, bass and drums", ["electric guitar", "bass", "drums"]],
    ["piano", ["piano"]],
    ["violin and strings", ["violin", "strings"]],
    ["synths and a sax", ["synth", "saxophone"]],
    ["trumpet, cello, flute", ["trumpet", "cello", "flute"]],
    ["ukulele and organ", ["ukulele", "organ"]],
    ["a harp", ["harp"]],
    ["a cappella", ["a cappella"]],
  ])("reads the instruments in %j", (message, instruments) => {
    expect(extractInstruments(message)).toEqual(instruments)
  })

  it("separates instruments taken away and replacements from additions", () => {
    const swap = readMessage("no drums, just piano", { plainTheme: false })
    expect(swap.instruments).toEqual(["piano"])
    expect(swap.droppedInstruments).toEqual(["drums"])
    expect(swap.replacesInstruments).toBe(true)
    expect(readMessage("add a cello", { plainTheme: false }).replacesInstruments).toBe(false)
  })

  it("reads everything from a one-shot request", () => {
    const slots = readMessage(
      "Write an upbeat pop song about summer love with female vocals and guitar",
      { plainTheme: true },
    )
    expect(slots).toMatchObject({
      theme: "summer love",
      genres: ["Pop"],
      descriptors: ["upbeat"],
      voice: "female",
      instruments: ["guitar"],
    })
  })

  it("does not read style words inside the subject or the title", () => {
    expect(readMessage("a song about my country", { plainTheme: true }).genres).toEqual([])
    expect(readMessage("a song about a boy and his guitar", { plainTheme: true })).toMatchObject({
      theme: "a boy and his guitar",
      instruments: [],
    })
    expect(readMessage("call it Rock Bottom", { plainTheme: true }).genres).toEqual([])
  })
})

describe("extractTitle", () => {
  it.each([
    ['call it "Dust on the Dashboard"', "Dust on the Dashboard"],
    ["call it Dust on the Dashboard", "Dust on the Dashboard"],
    ["Let's call it Golden Hour please", "Golden Hour"],
    ["title it 'Don't Look Back' and make it rock", "Don't Look Back"],
    ["titled Neon Nights", "Neon Nights"],
    ["the title is Golden Hour.", "Golden Hour"],
    ["name it golden hour", "Golden Hour"],
    ["a country song called “Home Again”, male vocals", "Home Again"],
    ["title: Paper Boats", "Paper Boats"],
  ])("reads the title in %j", (message, title) => {
    expect(extractTitle(message)).toBe(title)
  })

  it("finds no title where none is given", () => {
    expect(extractTitle("a song about my dog called Max")).toBeUndefined()
    expect(extractTitle("my name is Sam")).toBeUndefined()
    expect(extractTitle("what title would you suggest?")).toBeUndefined()
  })

  it("keeps the rest of the message after the title", () => {
    const slots = readMessage('call it "Home" and make it folk with a banjo', { plainTheme: false })
    expect(slots).toMatchObject({ title: "Home", genres: ["Folk"], instruments: ["banjo"] })
  })
})

describe("flipPronouns", () => {
  it.each([
    ["my dog", "your dog"],
    ["leaving my small town", "leaving your small town"],
    ["my wife on our anniversary", "your wife on your anniversary"],
    ["the day I met her", "the day you met her"],
    ["how I was lost", "how you were lost"],
    ["I'm finally free", "you're finally free"],
    ["what we lost and what is ours", "what you lost and what is yours"],
    ["you and me against the world", "the two of you against the world"],
    ["My hometown", "Your hometown"],
  ])("says %j back as %j", (said, back) => {
    expect(flipPronouns(said)).toBe(back)
  })
})

describe("titleCase", () => {
  it("capitalises words but keeps small ones small", () => {
    expect(titleCase("dust on the dashboard")).toBe("Dust on the Dashboard")
    expect(titleCase("the end of summer")).toBe("The End of Summer")
  })
})
