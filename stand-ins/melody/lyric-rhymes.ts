import type { Genre } from "./lyric-genres.ts"
import type { Tone } from "./lyric-moods.ts"

/**
 * Rhyme families: line endings whose last words genuinely rhyme (same stressed vowel and coda, no slant
 * rhymes such as home/alone). Every ending also says how it completes a line, so a template can end
 * with a slot and any ending of that kind reads as grammatical English:
 *
 * - scene: the air a moment happens in, after "the" ("in the rain", "and the night")
 * - hour: a light or a time of day that fits indoors and out ("in the night", "in the glow")
 * - spot: a place one can be in, after "in the" ("in the park", "in the creek")
 * - when: a point in time closing a present or future clause ("I'll hold you close tonight")
 * - ever: a stretch of time closing a lasting state ("I'll love you all my life")
 * - past: a past time closing a past clause ("we were dancing long ago")
 * - dear: what a person can be to someone, after "my" ("you were always my light")
 * - adj: how a person feels, after "I feel so" ("free", "alone")
 * - verb: an intransitive verb after "to" ("you taught me how to fly")
 * - vp: a verb phrase with "I" as its subject, after "I will" or "never" ("hold on tight", "let you go")
 *
 * The sign says which way it leans: up (hopeful, bright), down (sad, lost) or either.
 */

export type EndSlot =
  | "scene"
  | "hour"
  | "spot"
  | "when"
  | "ever"
  | "past"
  | "dear"
  | "adj"
  | "verb"
  | "vp"

export type Valence = "up" | "down" | "any"

export interface Ending {
  readonly text: string
  /** The rhyming word: the last word of the text. */
  readonly word: string
  readonly slot: EndSlot
  readonly valence: Valence
  /** The genres it belongs to, when it is not for every song ("spit my bars"). */
  readonly genres?: ReadonlyArray<Genre>
  /** The tones it belongs to, when it is not for every song ("beat the clock" is no lament). */
  readonly tones?: ReadonlyArray<Tone>
}

export interface RhymeFamily {
  /** The shared sound, for reading the table. */
  readonly sound: string
  readonly endings: ReadonlyArray<Ending>
}

type SpecKey =
  | "scene"
  | "scene+"
  | "scene-"
  | "hour"
  | "hour+"
  | "hour-"
  | "spot"
  | "when"
  | "ever"
  | "past"
  | "dear"
  | "adj+"
  | "adj-"
  | "verb+"
  | "verb-"
  | "vp"
  | "vp+"
  | "vp-"

const parseKey = (key: SpecKey): { slot: EndSlot; valence: Valence } => {
  if (key.endsWith("+")) return { slot: key.slice(0, -1) as EndSlot, valence: "up" }
  if (key.endsWith("-")) return { slot: key.slice(0, -1) as EndSlot, valence: "down" }
  return { slot: key as EndSlot, valence: "any" }
}

/** The last word of a text, lowercased, without punctuation around it. */
export const lastWord = (text: string): string => {
  const words = text
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
    .filter((word) => word.length > 0)
  return words[words.length - 1] ?? ""
}

// "wear the crown@hip-hop,metal#bright,fierce": an ending only some genres, or some tones, would sing.
const parseEnding = (entry: string, slot: EndSlot, valence: Valence): Ending => {
  const [rest = "", tones] = entry.split("#")
  const [text = "", genres] = rest.split("@")
  return {
    text,
    word: lastWord(text),
    slot,
    valence,
    ...(genres === undefined ? {} : { genres: genres.split(",") as ReadonlyArray<Genre> }),
    ...(tones === undefined ? {} : { tones: tones.split(",") as ReadonlyArray<Tone> }),
  }
}

const family = (sound: string, spec: Partial<Record<SpecKey, string>>): RhymeFamily => ({
  sound,
  endings: Object.entries(spec).flatMap(([key, texts]) => {
    const { slot, valence } = parseKey(key as SpecKey)
    return (texts ?? "").split("|").map((entry) => parseEnding(entry, slot, valence))
  }),
})

export const rhymeFamilies: ReadonlyArray<RhymeFamily> = [
  family("ight", {
    scene: "night",
    hour: "night",
    "hour+": "light",
    "scene+": "light",
    when: "tonight",
    "adj+": "right",
    dear: "light",
    "vp+": "hold on tight|make it right|shine so bright#bright",
    "vp-": "lose the fight|say goodnight|fade from sight",
  }),
  family("art", {
    dear: "heart",
    "vp+": "make a brand new start|play my part#bright,fierce|follow my heart",
    "vp-": "fall apart|break your heart|tear it all apart",
  }),
  family("ain", {
    scene: "rain",
    when: "again",
    "vp+":
      "break the chain#bright,fierce|dance in the rain#bright|catch the morning train@country,blues,folk",
    "vp-": "feel the pain|wait in vain|miss the train@country,blues,folk,jazz",
  }),
  family("ay", {
    when: "today|all day",
    past: "yesterday|back in the day",
    "verb+": "stay",
    "vp+":
      "find my way|lead the way#bright,fierce|seize the day#bright,fierce|mean every word I say",
    "vp-": "fade away|slip away|run away|go astray",
  }),
  family("ire", {
    "scene-": "fire",
    dear: "fire|desire",
    "vp+": "take you higher#bright,fierce|light the fire|set the night on fire#bright,fierce",
    "vp-": "walk the wire|play with fire",
  }),
  family("un", {
    "scene+": "sun",
    dear: "sun",
    "verb+": "run",
    "vp+": "have some fun#bright|show them I'm the one#bright,fierce|get it done#bright,fierce",
    "vp-": "come undone|live life on the run@rock,country,hip-hop,blues,metal",
  }),
  family("ee", {
    "adj+": "free",
    vp: "set you free|let it be",
    "vp+": "wait and see|find who I'm meant to be",
    "vp-": "let you be|leave you be",
  }),
  family("one", {
    "adj-": "alone",
    "vp+": "stand on my own#bright,fierce|make it on my own#bright,fierce",
    "vp-": "turn to stone|wait by the phone|face it all alone",
  }),
  family("ome", {
    dear: "home",
    "verb+": "roam",
    "vp+": "find my way back home|bring it home|walk you home|call this place my home",
  }),
  family("ove", {
    dear: "love",
    "verb+": "love",
    "vp+": "rise above|fall in love|fit you like a glove@pop,r&b,jazz,country",
  }),
  family("ong", {
    dear: "song",
    "adj+": "strong",
    "adj-": "wrong",
    "vp+": "sing along#bright|prove them wrong#bright,fierce|stay strong|find where I belong",
    "vp-": "wait so long|get it wrong",
  }),
  family("ind", {
    "verb+": "unwind",
    "vp+": "leave it all behind|ease my mind|speak my mind",
    "vp-": "lose my mind|fall behind|be left behind",
  }),
  family("ear", {
    "verb-": "disappear",
    ever: "year after year",
    "vp+": "hold you near|face my fear|stay right here|make it clear",
    "vp-": "shed a tear|live in fear",
  }),
  family("oh", {
    scene: "snow",
    "scene+": "glow",
    "hour+": "glow",
    "adj-": "low",
    "verb+": "grow",
    "verb-": "go",
    past: "long ago",
    "vp+": "let it show|steal the show#bright,fierce|go with the flow",
    "vp-": "let you go|lie low|reap what I sow@country,blues,folk,metal",
  }),
  family("ore", {
    "verb+": "soar",
    ever: "forevermore",
    "vp+":
      "open every door#bright,fierce|reach the shore|even up the score@rock,hip-hop,metal#bright,fierce",
    "vp-":
      "close the door|hit the floor@rock,metal,electronic,hip-hop|go to war@metal,rock,hip-hop",
  }),
  family("oo", {
    "adj+": "new",
    "adj-": "blue",
    scene: "blue",
    hour: "blue",
    "scene+": "dew",
    "vp+":
      "make it through|see it through|run to you|start anew|make my dreams come true|wait for you",
  }),
  family("ark", {
    "scene-": "dark",
    "hour-": "dark",
    spot: "park",
    dear: "spark",
    "vp+":
      "make my mark#bright,fierce|light a spark#bright,fierce|hit the mark#bright,fierce|leave my mark#bright,fierce",
    "vp-": "fade into the dark|whistle in the dark",
  }),
  family("ace", {
    "vp+": "win the race#bright,fierce|find my place|see your face|pick up the pace#bright,fierce",
    "vp-": "fall from grace|vanish without a trace|lose my place",
  }),
  family("all", {
    scene: "fall",
    spot: "hall",
    "adj-": "small",
    "verb-": "fall",
    "vp+":
      "stand tall#bright,fierce|give it all|answer the call#bright,fierce|break down the wall#bright,fierce",
    "vp-": "lose it all|hit the wall",
  }),
  family("ide", {
    scene: "tide",
    "verb+": "ride",
    "verb-": "hide",
    dear: "guide|pride",
    "vp+": "stay by your side|take it in stride|enjoy the ride#bright,fierce",
    "vp-": "swallow my pride|hold it all inside|run and hide",
  }),
  family("eam", {
    scene: "steam",
    hour: "steam",
    spot: "stream",
    dear: "dream",
    "verb+": "dream",
    "verb-": "scream",
    "vp+":
      "live the dream#bright,fierce|watch the city gleam@pop,hip-hop,electronic,r&b,jazz#bright",
    "vp-": "wake up from the dream",
  }),
  family("ine", {
    "verb+": "shine",
    "adj+": "fine",
    dear: "valentine@pop,r&b,jazz,country",
    "vp+":
      "make you mine|walk the line@country,blues,folk,rock|pour the wine@jazz,r&b,classical,folk",
    "vp-": "cross the line|wait in line",
  }),
  family("ime", {
    "verb+": "climb",
    ever: "till the end of time",
    "vp+": "take my time|give it one more time|drop a rhyme@hip-hop#bright,fierce",
    "vp-": "waste my time",
  }),
  family("ound", {
    "vp+":
      "stand my ground#bright,fierce|turn it all around#bright,fierce|chase the sound@electronic,rock,hip-hop,lo-fi#bright,fierce",
    "vp-": "hit the ground|come unwound",
  }),
  family("own", {
    "vp+":
      "paint the town@pop,rock,country,r&b#bright,fierce|wear the crown@hip-hop,metal,rock,r&b#bright,fierce",
    "vp-": "let you down|back down|slow down|leave this town",
  }),
  family("ame", {
    scene: "flame",
    dear: "flame",
    "vp+": "call your name|play the game#bright,fierce|feel no shame#bright,fierce",
    "vp-": "take the blame|lose the game",
  }),
  family("ars", {
    "scene+": "stars",
    "vp+":
      "wear my scars@hip-hop,rock,metal,blues,country,r&b#bright,fierce|spit my bars@hip-hop#bright,fierce|play our old guitars@country,folk,rock,blues",
    "vp-": "count my scars",
  }),
  family("eet", {
    scene: "heat",
    spot: "street",
    "adj+": "complete",
    "verb-": "retreat",
    "vp+":
      "land on my feet#bright,fierce|play it on repeat@pop,hip-hop,electronic,lo-fi,r&b#bright|sweep you off your feet@pop,r&b,jazz,country#bright",
    "vp-": "face defeat|admit defeat",
  }),
  family("ing", {
    "scene+": "spring",
    "verb+": "sing|swing@jazz",
    dear: "everything|king@r&b,hip-hop,pop,reggae,rock",
    "vp+":
      "do my thing@hip-hop,pop,r&b,reggae#bright,fierce|let the church bells ring@country,folk,classical,blues#bright|give it everything#bright",
  }),
  family("ies", {
    "scene+": "skies",
    "verb+": "rise",
    "vp+": "look into your eyes|open up my eyes|win the prize#bright,fierce",
    "vp-": "close my eyes|believe the lies|say my goodbyes",
  }),
  family("y", {
    "scene+": "sky",
    "verb+": "fly",
    "verb-": "cry",
    "vp+":
      "touch the sky#bright,fierce|let it fly#bright,fierce|wave the past goodbye#bright,fierce",
    "vp-": "say goodbye|wonder why|pass you by|live a lie",
  }),
  family("ive", {
    "adj+": "alive",
    "verb+": "survive|thrive",
    "vp+": "take a drive#bright|come alive#bright,fierce",
    "vp-": "work from nine to five@country,blues,rock,folk,pop",
  }),
  family("old", {
    "scene-": "cold",
    "adj+": "bold#bright,fierce",
    "adj-": "cold",
    "vp+": "turn to gold|grow old|break the mold#bright,fierce",
    "vp-": "do as I'm told|leave you in the cold",
  }),
  family("ole", {
    dear: "soul",
    "adj+": "whole",
    "vp+":
      "take control#bright,fierce|reach my goal#bright,fierce|let it roll@rock,country,blues,reggae#bright,fierce",
    "vp-": "lose control|pay the toll@metal,rock,blues",
  }),
  family("ether", {
    "vp+": "keep us together|brave the weather|hold it all together",
  }),
  family("ow", {
    when: "right now",
    "vp+": "figure out how|make a vow|take a bow#bright,fierce",
    "vp-": "break my vow",
  }),
  family("eel", {
    "verb+": "heal",
    "vp+":
      "take the wheel@country,rock,pop#bright,fierce|seal the deal@hip-hop#bright,fierce|keep it real@hip-hop,r&b#bright,fierce|show you how I feel",
  }),
  family("est", {
    scene: "west",
    "verb+": "rest",
    "adj+": "blessed",
    "vp+":
      "do my best|pass the test#bright,fierce|put it to the test#bright,fierce|get it off my chest#bright,fierce",
    "vp-": "lay it to rest",
  }),
  family("and", {
    "scene+": "sand",
    "verb+": "stand",
    "vp+": "hold your hand|take a stand#bright,fierce|start a band@rock,pop,folk#bright,fierce",
  }),
  family("oon", {
    "scene+": "afternoon",
    "hour+": "afternoon",
    "vp+": "reach the moon|hum a tune@folk,jazz,lo-fi,country,classical|see you soon",
    "vp-": "howl at the moon@rock,metal,blues,folk,country|leave too soon",
  }),
  family("oom", {
    "scene-": "gloom",
    "hour-": "gloom",
    "verb+": "bloom",
    "vp+": "light up the room#bright|make some room#bright",
    "vp-": "meet my doom@metal,rock|sit in an empty room",
  }),
  family("ust", {
    scene: "dust",
    "verb+": "trust",
    "vp+": "do what I must#bright,fierce",
    "vp-": "turn to rust|bite the dust@rock,metal,country,hip-hop",
  }),
  family("ade", {
    "scene+": "shade",
    "verb-": "fade",
    "adj-": "afraid",
    "vp+": "have it made#bright,fierce|sing a serenade@classical,jazz,r&b,folk",
    "vp-": "watch it fade|rain on your parade",
  }),
  family("een", {
    "adj+": "serene",
    dear: "queen@r&b,hip-hop,pop,reggae,rock",
    past: "when I was sixteen",
    vp: "come clean",
    "vp-": "hide behind a screen@lo-fi,pop,electronic,hip-hop",
  }),
  family("ance", {
    "verb+": "dance",
    "vp+": "take a chance#bright|start a new romance#bright",
    "vp-": "blow my chance",
  }),
  family("air", {
    scene: "air",
    "vp+": "meet you there|say a prayer|follow you anywhere|show you that I care",
    "vp-": "fall into despair|stop and stare",
  }),
  family("eak", {
    spot: "creek",
    "adj-": "weak",
    "vp+": "reach the peak#bright,fierce|turn the other cheek",
  }),
  family("ool", {
    spot: "pool",
    past: "when we were in school",
    "vp+": "break every rule#bright,fierce|keep it cool#bright,fierce",
    "vp-": "play the fool",
  }),
  family("ock", {
    dear: "rock",
    "vp+": "beat the clock#bright,fierce|run the block@hip-hop#bright,fierce",
    "vp-": "watch the clock",
  }),
  family("ife", {
    ever: "all my life",
    "vp+": "live a better life|end the strife",
    "vp-": "twist the knife",
  }),
  family("ays", {
    scene: "haze",
    hour: "haze",
    "scene-": "blaze",
    ever: "till the end of days",
    past: "in the good old days",
    "vp+": "sing your praise@classical,folk,country|mend my ways",
    "vp-": "count the days",
  }),
  family("um", {
    "adj-": "numb",
    ever: "until kingdom come",
    "vp+": "beat the drum#bright,fierce",
  }),
  family("orm", {
    scene: "storm",
    "adj+": "warm",
    "vp+": "weather the storm|break the norm#bright,fierce",
  }),
  family("oke", {
    "scene-": "smoke",
    "hour-": "smoke",
    "vp+": "go for broke#bright,fierce|laugh it off like a joke#bright",
    "vp-": "go up in smoke",
  }),
  family("ild", {
    "adj+": "wild#bright,fierce",
    past: "when you smiled",
    "vp+": "dance like a child#bright",
  }),
  family("iv", {
    "verb+": "live|give|forgive",
  }),
  family("in", {
    "verb+": "begin|win",
    "vp+":
      "let the light in|dive right in#bright,fierce|take it on the chin@rock,hip-hop,metal,blues#bright,fierce",
  }),
  family("ope", {
    "verb+": "hope",
    "vp-": "reach the end of my rope",
  }),
  family("eve", {
    "verb+": "believe",
    "verb-": "leave|grieve",
    past: "on New Year's Eve",
    "vp+": "wear my heart on my sleeve",
  }),
  family("ake", {
    spot: "lake",
    "verb-": "break|ache",
    "vp-": "make the same mistake",
  }),
  family("ink", {
    "verb-": "sink",
    "vp-": "stand on the brink",
    "vp+": "have a drink@country,blues,jazz,rock,folk#bright",
  }),
  family("op", {
    "verb-": "stop",
    "vp+": "reach the top#bright,fierce|feel the drop@electronic,hip-hop#bright,fierce",
  }),
  family("ave", {
    "adj+": "brave",
    "vp+": "ride the wave@electronic,reggae,pop,lo-fi,rock#bright,fierce",
    "vp-": "dig my grave@metal,blues,rock",
  }),
  family("ired", {
    "adj+": "inspired",
    "adj-": "tired",
  }),
  family("ost", {
    "scene-": "frost",
    "adj-": "lost",
    "vp-": "count the cost",
  }),
  family("orrow", {
    "vp+": "live to see tomorrow",
    "vp-": "drown in sorrow|wait until tomorrow",
  }),
  family("oad", {
    "vp+":
      "hit the road#bright,fierce|crack the code@hip-hop,electronic#bright,fierce|lighten the load|see you down the road",
    "vp-": "carry the load",
  }),
  family("ung", {
    "adj+": "young",
    past: "when we were young",
    "vp-": "hold my tongue|bite my tongue",
  }),
  family("eeze", {
    "scene+": "breeze",
    spot: "trees",
    "adj+": "at ease",
    "verb-": "freeze",
    "vp+": "do as I please#bright",
    "vp-": "fall down on my knees",
  }),
  family("ar", {
    dear: "star",
    spot: "bar",
    "vp+":
      "go far@hip-hop,pop,rock,country#bright,fierce|love you as you are|play my old guitar@country,folk,rock,blues",
    "vp-": "leave a scar|drift so far",
  }),
]

/** Settings any song can be in; the others belong to some genres (see their scenes). */
export const commonScenes: ReadonlySet<string> = new Set([
  "night",
  "light",
  "rain",
  "sun",
  "dark",
  "glow",
  "cold",
  "storm",
  "afternoon",
  "spring",
  "breeze",
  "fall",
  "air",
  "shade",
])

const familyIndex = new Map<string, number>(
  rhymeFamilies.flatMap((entry, index) => entry.endings.map((ending) => [ending.word, index])),
)

/** Which family a line's last word belongs to, or undefined when it is in none. */
export const familyOf = (word: string): number | undefined => familyIndex.get(word.toLowerCase())
