import type { Genre } from "./lyric-genres.ts"
import type { Tone } from "./lyric-moods.ts"

/**
 * Line templates by their part in the story. Inline slots: {theme} a theme phrase, or one of the
 * kinds a line needs ({loved}, {object}, {idea}, {teacher}, {cause}, {root}, {someone}: see
 * lyric-lines.ts); {doing} the description's activity, {pursuit} the same when it is not a hardship;
 * {place} {sound} {sight} the genre's imagery, {hue} a mood adjective,
 * {title} the title. Every template ends with one rhyme slot (see lyric-rhymes.ts), so its last word
 * always comes from a rhyme family.
 *
 * Imagery and theme phrases may be plural ("the city lights", "summer nights"), so they are never the
 * subject of a present-tense verb that would have to agree with them.
 */

export type Role =
  /** Verse 1 opens: where we are. */
  | "scene"
  /** Verse 2 opens: the same world, later. */
  | "return"
  /** A theme phrase, remembered. */
  | "memory"
  /** A theme phrase, now. */
  | "now"
  /** The description's activity. */
  | "doing"
  | "feeling"
  /** The title, in the chorus. */
  | "hook"
  /** A promise or a resolve. */
  | "vow"
  /** The bridge's change of view. */
  | "turn"

export type TemplateSet = Readonly<Partial<Record<Tone | "any", ReadonlyArray<string>>>>

const comeback = [
  "watch me as I {vp+}",
  "they can try to stop me, but I'll {vp+}",
  "I'm not afraid, I'm gonna {vp+}",
]

export const templates: Readonly<Record<Role, TemplateSet>> = {
  scene: {
    any: [
      "{place}, we were dancing in the {hour}",
      "{place}, I can see you in the {hour}",
      "we were sitting {place} {past}",
      "we were sitting {place} in the {hour}",
      "{place} is where it all began {past}",
      "I can still hear {sound} {past}",
      "{sound} kept playing {past}",
      "just {sight} and you in the {hour}",
      "just {sight} and you in the {spot}",
      "nothing but {sight} and the {scene}",
      "I remember {sight} {past}",
      "{place}, the world was quiet in the {hour}",
    ],
    bright: [
      "{place}, we were laughing in the {hour+}",
      "{place}, everybody's singing in the {hour+}",
      "turn up {sound}, we're dancing {when}",
      "{sight} kept shining in the {scene+}",
    ],
    tender: [
      "{place}, you held me in the {hour}",
      "{place}, you whispered in the {hour}",
      "{sound} played soft and slow {past}",
      "{sound} hummed softly in the {hour}",
      "{place}, your hand was in my hand {past}",
    ],
    blue: [
      "{place}, I'm sitting all alone in the {hour}",
      "{place}, your chair is empty in the {hour}",
      "I can hear {sound} crying in the {scene}",
      "all I have is {sight} in the {scene-}",
    ],
    fierce: [
      "{place}, we were burning in the {hour}",
      "{place}, I'm standing tall in the {hour}",
      "turn up {sound} and let it roar {when}",
      "{place}, we were raising hell {past}",
    ],
  },
  return: {
    any: [
      "I'm back {place} {when}",
      "now I hear {sound} {when}",
      "I'm holding on to {sight} {when}",
      "here I am {place} {when}",
    ],
    bright: ["now we're dancing {place} {when}", "I'm smiling {place} in the {hour+}"],
    tender: ["I'm waiting {place} {when}", "I'm thinking of you {place} {when}"],
    blue: [
      "I'm waiting {place} {when}",
      "now I'm standing {place} all alone {when}",
      "I can still hear {sound} {when}",
    ],
    fierce: ["now I'm {place} and I'm ready to {verb+}", "I'm back {place} and I won't {vp-}"],
  },
  memory: {
    any: [
      "I still remember {theme} {past}",
      "I still remember {object} in the {hour+}",
      "{teacher} taught me how to {verb+}",
      "{teacher} showed me how to {verb+}",
      "I'll never forget {object} in the {hour+}",
      "you told me all about {theme} {past}",
      "we used to talk about {theme} {past}",
      "I was dreaming of {loved} {past}",
      "I keep {loved} close {ever}",
      "I can almost touch {object} in the {hour+}",
      "I used to sing about {theme} {past}",
    ],
    bright: ["{loved} made me feel so {adj+}", "I was lucky to have {someone} {past}"],
    tender: ["I held on to {loved} in the {hour}", "I found {idea} in the {scene}"],
    blue: [
      "I lost {loved} {past}",
      "{theme} left me feeling {adj-}",
      "I'm still missing {loved} in the {scene}",
    ],
    fierce: [
      "{teacher} gave me the fire to {verb+}",
      "for {cause}, I will {vp+}",
      "{teacher} made me strong enough to {verb+}",
    ],
  },
  now: {
    any: [
      "I still think about {theme} {when}",
      "I carry {theme} {ever}",
      "I'll carry {theme} with me {ever}",
      "I see {object} in my mind {when}",
      "I can feel {idea} in the {scene}",
      "I'm singing for {cause} {when}",
    ],
    bright: ["now I can see {object} so clearly {when}", "I'm bringing {loved} back {when}"],
    tender: ["I hold {loved} close {ever}", "I keep {loved} in my heart {ever}"],
    blue: [
      "I'm still missing {loved} {when}",
      "nothing's left of {theme} in the {scene-}",
      "I can't find {loved} in the {scene}",
    ],
    fierce: ["I'm fighting for {cause} {when}", "nobody can take {cause} from me {when}"],
  },
  doing: {
    any: ["I was {doing} {past}", "I was {doing} in the {hour+}", "I remember {doing} {past}"],
    bright: [
      "I'm {pursuit} and I feel {adj+}",
      "{pursuit}, I never felt so {adj+}",
      "{pursuit} was the only way to {verb+}",
    ],
    tender: ["we were {doing} {past}", "I was {doing} with you in the {hour}"],
    blue: ["I was {doing}, trying not to {verb-}", "{doing}, I never felt so {adj-}"],
    fierce: [
      "I'm {doing} and I'll never {vp-}",
      "{doing} is how I learned to {verb+}",
      "{pursuit} was the only way to {verb+}",
    ],
  },
  feeling: {
    any: [
      "those {hue} days were calling in the {scene}",
      "I can feel it in my bones {when}",
      "every {hue} hour, you were my {dear}",
    ],
    bright: [
      "you make me feel so {adj+}",
      "with you I'm feeling {adj+}",
      "and everything is shining in the {scene+}",
      "every little heartbeat says I'm {adj+}",
      "I've never been so {adj+}",
      "and for a while we felt so {adj+}",
      "and we were dancing in the {hour+}",
    ],
    tender: [
      "you hold me and I feel {adj+}",
      "and you were always my {dear}",
      "your voice is soft and I feel {adj+}",
      "in your arms I'm feeling {adj+}",
      "we were dancing slow in the {hour}",
    ],
    blue: [
      "and I never felt so {adj-}",
      "now I'm left here feeling {adj-}",
      "I try to smile, but I just want to {verb-}",
      "sometimes I just want to {verb-}",
      "I never wanted you to {verb-}",
      "I'm dancing by myself in the {hour-}",
    ],
    fierce: [
      "I feel the fire and I'm ready to {verb+}",
      "nothing's gonna stop me {when}",
      "I'm wide awake and I feel {adj+}",
      "my heart is pounding in the {scene}",
    ],
  },
  hook: {
    any: [
      "{title}, I can feel it in the {scene}",
      "{title}, that's the song I'm singing {when}",
      "{title}, and I will {vp+}",
      "{title}, you're the reason I {verb+}",
      "{title} is all I need {when}",
      "oh, {title}, hold me {when}",
      "{title}, {ever}",
      "{title}, I keep it close {ever}",
    ],
    bright: ["{title}, it makes me feel so {adj+}", "{title}, we're shining in the {scene+}"],
    tender: ["{title}, I keep you close {ever}", "{title}, stay with me {when}"],
    blue: ["{title}, I'm still missing you {when}", "{title}, it leaves me feeling {adj-}"],
    fierce: ["{title}, I swear I'll never {vp-}", "{title}, we're burning in the {scene}"],
  },
  vow: {
    any: [
      "I know someday I'll {vp+}",
      "I swear I'll never {vp-}",
      "I'm gonna hold you close {when}",
      "I'll hold you close {ever}",
      "and I will love you {ever}",
      "you'll always be my {dear}",
      "stay with me {when}",
    ],
    bright: [
      "tonight we're gonna {verb+}",
      "now I'm ready to {verb+}",
      "together we will {verb+}",
      ...comeback,
    ],
    tender: [
      "let me hold you {when}",
      "I'll be right beside you {ever}",
      "I'll keep you in my heart {ever}",
      "you taught me how to {verb+}",
    ],
    blue: [
      "I don't want to {vp-}",
      "I'll be waiting here {ever}",
      "I'll be missing you {ever}",
      "I'm scared that I will {vp-}",
    ],
    fierce: ["nothing's gonna make me {verb-}", ...comeback],
  },
  turn: {
    any: [
      "if I could turn back time, I'd {vp+}",
      "so here I am, still standing in the {hour}",
      "and when it's all said and done, I'll {vp+}",
      "but every road leads back to the {scene}",
      "and maybe that's the reason I {verb+}",
      "all the {hue} years have led me to the {scene}",
    ],
    bright: ["nothing in the world can stop us {when}", "so let the {hue} days roll on {ever}"],
    tender: [
      "hold on, hold on, you're still my {dear}",
      "even in the {hue} nights, you were my {dear}",
      "if the world should end, I'll {vp+}",
    ],
    blue: [
      "maybe it was never meant to {verb-}",
      "now all I have is {theme} in the {scene}",
      "I keep on asking why I had to {verb-}",
    ],
    fierce: [
      "they tried to break me, but I {verb+}",
      "they can say what they want, I will {vp+}",
      "I won't surrender, I won't {vp-}",
    ],
  },
}

/** Hooks where the title is a name: a place to go back to, something to be. */
export const nameHooks: ReadonlyArray<string> = [
  "take me back to {title} {when}",
  "I'm coming home to {title} {when}",
  "oh, {title}, you'll always be my {dear}",
  "{title}, you're still my {dear}",
  "I'm dreaming of {title} {when}",
]

/** Lines in a genre's own voice, used alongside the shared ones. */
export const genreTemplates: Readonly<
  Partial<Record<Genre, Partial<Record<Role, ReadonlyArray<string>>>>>
> = {
  "hip-hop": {
    scene: [
      "started {place} with nothing but a dream {past}",
      "late nights {place}, trying to {vp+}",
      "{sound} knocking while I {vp+}",
      "came up {place}, and I'll never {vp-}",
    ],
    return: [
      "now I'm back {place}, and I'm here to {vp+}",
      "pen to the paper {place}, ready to {vp+}",
    ],
    memory: [
      "{theme} on my mind while I {vp+}",
      "I rep {root} every time I {vp+}",
      "never forget {cause}, that's why I {verb+}",
    ],
    feeling: [
      "every single day I'm on my hustle, trying to {vp+}",
      "they said I'd never make it, now I {vp+}",
      "whole city watching while I {vp+}",
    ],
    vow: ["on my word, I'm gonna {vp+}", "from the bottom to the top, I'm gonna {vp+}"],
    hook: ["{title}, yeah, I'm living it {when}", "{title}, that's the motto, watch me {vp+}"],
    turn: ["real talk, I had to learn how to {verb+}", "when the lights go down, I still {verb+}"],
  },
  country: {
    scene: ["{place} with the radio on {past}", "mama used to sing {place} {past}"],
    memory: ["daddy used to tell me about {theme} {past}"],
    turn: ["Lord knows I tried to {vp+}"],
  },
  blues: {
    scene: ["woke up {place} with the blues {past}"],
    feeling: ["I got the blues and I just want to {verb-}"],
  },
  electronic: {
    feeling: ["feel the bass and let it take you {when}"],
    vow: ["lose yourself with me on the floor {when}"],
  },
  jazz: {
    scene: ["{sound} whispered your name {past}"],
  },
  classical: {
    turn: ["and through the ages I will {vp+}"],
  },
}
