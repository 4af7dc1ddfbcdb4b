/**
 * The words Melody recognises, each list mapping how people say a thing to the one name Melody uses for it.
 * Patterns are regular-expression alternatives matched case-insensitively between non-letters; within a
 * list, earlier entries win, so longer phrases ("acoustic guitar") come before the words they contain.
 */

export interface Term<Name extends string = string> {
  readonly name: Name
  readonly pattern: string
}

export const genreNames = [
  "Pop",
  "Rock",
  "Hip-Hop",
  "Country",
  "Jazz",
  "Electronic",
  "Classical",
  "Lo-fi",
  "R&B",
  "Folk",
  "Blues",
  "Metal",
  "Reggae",
  "Soul",
  "Punk",
  "Funk",
  "Gospel",
] as const
export type Genre = (typeof genreNames)[number]

/** The styles Melody offers by name; the others are understood when someone asks for them. */
export const mainStyles = "Pop, Rock, Hip-Hop, Country, Jazz, Electronic or Classical"

export const genres: ReadonlyArray<Term<Genre>> = [
  { name: "Lo-fi", pattern: "lo-?fi|low-?fi|lo fi|chillhop" },
  { name: "R&B", pattern: "r ?& ?b|rnb|r and b|rhythm and blues|neo-?soul" },
  { name: "Hip-Hop", pattern: "hip[- ]?hop(?:py)?|rap|raps|rapped|rapping|rapper|trap|boom ?bap" },
  {
    name: "Electronic",
    pattern:
      "electronic|electronica|edm|house music|deep house|house|techno|trance|dubstep|drum (?:and|&|n) bass|dnb|synthwave|electro|dance music|club music",
  },
  { name: "Metal", pattern: "(?:heavy |death |black |nu )?metal|metalcore" },
  { name: "Punk", pattern: "pop[- ]punk|punk rock|punk|punky" },
  {
    name: "Rock",
    pattern:
      "rock ?(?:n|and|&|'n') ?roll|(?:hard|soft|indie|alt|classic) rock|alt-rock|rock(?:ier|y|s)?|grunge",
  },
  { name: "Country", pattern: "country(?:-?ish)?|americana|bluegrass|honky[- ]tonk" },
  { name: "Jazz", pattern: "jazz|jazzy|jazzier|swing|bebop|bossa ?nova" },
  { name: "Classical", pattern: "classical|orchestral|symphonic|baroque|opera|operatic" },
  { name: "Folk", pattern: "folk|folky|folkier|folksy" },
  { name: "Blues", pattern: "blues|bluesy|bluesier" },
  { name: "Reggae", pattern: "reggae|ska|dancehall" },
  { name: "Soul", pattern: "soul music|soulful|soul|motown" },
  { name: "Funk", pattern: "funk|funky|funkier" },
  { name: "Gospel", pattern: "gospel" },
  { name: "Pop", pattern: "k-?pop|synth-?pop|dance-?pop|electropop|pop|poppy|poppier" },
]

/** How a genre reads inside a sentence ("a country song", "an R&B song"). */
export const genreInSentence: Record<Genre, string> = {
  Pop: "pop",
  Rock: "rock",
  "Hip-Hop": "hip-hop",
  Country: "country",
  Jazz: "jazz",
  Electronic: "electronic",
  Classical: "classical",
  "Lo-fi": "lo-fi",
  "R&B": "R&B",
  Folk: "folk",
  Blues: "blues",
  Metal: "metal",
  Reggae: "reggae",
  Soul: "soul",
  Punk: "punk",
  Funk: "funk",
  Gospel: "gospel",
}

/** Instruments that suit each genre: offered as suggestions, and used when Melody chooses. */
export const genreInstruments: Record<Genre, readonly [string, string, string]> = {
  Pop: ["piano", "acoustic guitar", "synth"],
  Rock: ["electric guitar", "bass", "drums"],
  "Hip-Hop": ["808s", "synth", "piano"],
  Country: ["acoustic guitar", "fiddle", "banjo"],
  Jazz: ["piano", "saxophone", "double bass"],
  Electronic: ["synth", "drum machine", "bass"],
  Classical: ["piano", "strings", "cello"],
  "Lo-fi": ["piano", "guitar", "drums"],
  "R&B": ["piano", "bass", "drums"],
  Folk: ["acoustic guitar", "banjo", "harmonica"],
  Blues: ["electric guitar", "harmonica", "piano"],
  Metal: ["electric guitar", "bass", "drums"],
  Reggae: ["guitar", "bass", "organ"],
  Soul: ["organ", "horns", "bass"],
  Punk: ["electric guitar", "bass", "drums"],
  Funk: ["bass", "horns", "electric guitar"],
  Gospel: ["organ", "piano", "drums"],
}
export const anyStyleInstruments: readonly [string, string, string] = [
  "piano",
  "acoustic guitar",
  "strings",
]

/** Comparatives for "make it jazzier", "a folkier take". */
export const genreComparative: Partial<Record<Genre, string>> = {
  Jazz: "jazzier",
  Folk: "folkier",
  Blues: "bluesier",
  Funk: "funkier",
  Rock: "rockier",
  Pop: "poppier",
  Soul: "more soulful",
  Country: "more country",
}

export const moods: ReadonlyArray<Term> = [
  { name: "bittersweet", pattern: "bittersweet" },
  {
    name: "happy",
    pattern: "happy|happier|joyful|joyous|cheerful|fun|feel-?good|sunny|carefree",
  },
  {
    name: "sad",
    pattern:
      "sad|sadder|saddest|melancholy|melancholic|heartbroken|heartbreaking|sorrowful|tearful|gloomy|depressing|mournful|somber|sombre",
  },
  { name: "romantic", pattern: "romantic|love song|loving|tender|sensual" },
  { name: "nostalgic", pattern: "nostalgic|nostalgia|wistful|sentimental|reminiscent" },
  {
    name: "energetic",
    pattern: "energetic|high-energy|energy|hype|hyped|pumped|powerful|intense",
  },
  {
    name: "calm",
    pattern:
      "calm|calmer|peaceful|relaxing|relaxed|soothing|serene|gentle|gentler|mellow|chill|chilled|laid-?back|quiet",
  },
  { name: "hopeful", pattern: "hopeful|hope|uplifting|inspiring|inspirational|optimistic" },
  { name: "dark", pattern: "dark|darker|eerie|haunting|brooding|sinister|moody|ominous" },
  { name: "angry", pattern: "angry|angrier|furious|rage|raging|aggressive|fierce" },
  { name: "empowering", pattern: "empowering|empowered|confident|triumphant|defiant" },
  { name: "dreamy", pattern: "dreamy|dreamier|ethereal|whimsical" },
  { name: "playful", pattern: "playful|silly|funny|cheeky|quirky" },
  { name: "lonely", pattern: "lonely|lonesome|loneliness" },
  { name: "grateful", pattern: "grateful|thankful" },
]

/** Mood words turned comparative, for "Here's a sadder take". */
export const moodComparative: Record<string, string> = {
  happy: "happier",
  sad: "sadder",
  dark: "darker",
  calm: "calmer",
  angry: "angrier",
  dreamy: "dreamier",
  lonely: "lonelier",
}

/**
 * What a song with only a feeling is about: a subject for its description and title, so "a sad song" still
 * gets lyrics with something to say.
 */
export const moodSubject: Record<string, string> = {
  happy: "the simple joy of a good day",
  sad: "heartbreak and letting go",
  romantic: "falling in love",
  nostalgic: "memories of days gone by",
  energetic: "chasing a dream at full speed",
  calm: "a quiet moment of peace",
  hopeful: "finding light after a hard time",
  dark: "the shadows we carry",
  angry: "standing up and breaking free",
  bittersweet: "saying goodbye to something you loved",
  empowering: "finding your strength",
  dreamy: "drifting through a daydream",
  playful: "a silly, sunny afternoon",
  lonely: "missing someone on a long night",
  grateful: "the people who carried me",
}

/** How a feeling should colour the lyrics, for the song's description. */
export const moodColour: Record<string, string> = {
  happy: "bright and warm",
  sad: "tender and aching",
  romantic: "intimate and warm",
  nostalgic: "warm and wistful",
  energetic: "bold and driving",
  calm: "gentle and unhurried",
  hopeful: "open and uplifting",
  dark: "shadowy and intense",
  angry: "raw and defiant",
  bittersweet: "fond and a little sad",
  empowering: "strong and confident",
  dreamy: "soft and dreamlike",
  playful: "light and playful",
  lonely: "quiet and longing",
  grateful: "warm and thankful",
}

/** Style words that are not a genre. A newer word replaces an older one of the same group (slow, fast). */
export interface Descriptor extends Term {
  readonly group: string
}

export const descriptors: ReadonlyArray<Descriptor> = [
  { name: "mid-tempo", group: "tempo", pattern: "mid-?tempo" },
  { name: "slow", group: "tempo", pattern: "slow|slower|slowed|slow-paced|downtempo" },
  { name: "fast", group: "tempo", pattern: "fast|faster|up-?tempo|quick|quicker|speedy" },
  { name: "upbeat", group: "tempo", pattern: "upbeat|bouncy|peppy" },
  { name: "50s", group: "era", pattern: "(?:19)?50'?s|fifties" },
  { name: "60s", group: "era", pattern: "(?:19)?60'?s|sixties" },
  { name: "70s", group: "era", pattern: "(?:19)?70'?s|seventies" },
  { name: "80s", group: "era", pattern: "(?:19)?80'?s|eighties" },
  { name: "90s", group: "era", pattern: "(?:19)?90'?s|nineties" },
  { name: "2000s", group: "era", pattern: "2000'?s|y2k|noughties" },
  { name: "acoustic", group: "texture", pattern: "acoustic|unplugged" },
  {
    name: "stripped-back",
    group: "texture",
    pattern: "stripped[- ](?:back|down)|minimal|minimalist|sparse",
  },
  { name: "heavy", group: "weight", pattern: "heavy|heavier|loud|louder" },
  { name: "soft", group: "weight", pattern: "soft|softer" },
  { name: "ballad", group: "form", pattern: "(?:power )?ballad|ballads" },
  { name: "anthem", group: "form", pattern: "anthem|anthemic|stadium" },
  { name: "lullaby", group: "form", pattern: "lullaby|lullabies" },
  { name: "cinematic", group: "cinematic", pattern: "cinematic|epic|filmic" },
  { name: "retro", group: "retro", pattern: "retro|vintage|old-?school|old school|throwback" },
  { name: "indie", group: "indie", pattern: "indie" },
  { name: "danceable", group: "danceable", pattern: "danceable|dancey|dance|club" },
  { name: "groovy", group: "groovy", pattern: "groovy|groovier|groove" },
  { name: "atmospheric", group: "atmospheric", pattern: "atmospheric|ambient|spacey" },
  { name: "raw", group: "raw", pattern: "raw|gritty|grittier" },
  { name: "disco", group: "disco", pattern: "disco" },
  { name: "latin", group: "latin", pattern: "latin|salsa|cumbia|bachata" },
  { name: "afrobeat", group: "afrobeat", pattern: "afrobeats?|afro-?pop" },
  { name: "celtic", group: "celtic", pattern: "celtic|irish folk" },
  {
    name: "musical theatre",
    group: "musical theatre",
    pattern: "musical theat(?:re|er)|broadway|show ?tune",
  },
]

/** Descriptors turned comparative, for "Here's a slower take". */
export const descriptorComparative: Record<string, string> = {
  slow: "slower",
  fast: "faster",
  upbeat: "more upbeat",
  heavy: "heavier",
  soft: "softer",
  raw: "rawer",
}

export type Voice = "male" | "female" | "duet" | "choir"

export const voices: ReadonlyArray<Term<Voice>> = [
  {
    name: "duet",
    pattern:
      "duets?|male and female|female and male|man and (?:a )?woman|woman and (?:a )?man|boy and (?:a )?girl|girl and (?:a )?boy|two (?:voices|singers)",
  },
  { name: "choir", pattern: "choirs?|choral" },
  { name: "male", pattern: "male|males|man|men|guy|guys|boy|boys|baritone|tenor|masculine|dude" },
  {
    name: "female",
    pattern: "female|females|woman|women|girl|girls|lady|ladies|soprano|alto|mezzo|feminine|diva",
  },
]

/** Singing without instruments fills the instrument question on its own. */
export const aCappella = "a cappella"

export const instruments: ReadonlyArray<Term> = [
  {
    name: aCappella,
    pattern:
      "a ?cappella|acapella|no instruments|without instruments|vocals only|voice only|just (?:the )?(?:voice|vocals)",
  },
  { name: "acoustic guitar", pattern: "acoustic guitars?" },
  { name: "electric guitar", pattern: "electric guitars?|distorted guitars?" },
  { name: "steel guitar", pattern: "(?:pedal )?steel guitars?|slide guitars?" },
  { name: "double bass", pattern: "double bass|upright bass|contrabass" },
  { name: "bass", pattern: "bass guitars?|basslines?|bass" },
  { name: "guitar", pattern: "guitars?|guitarist" },
  { name: "piano", pattern: "grand piano|electric piano|pianos?|pianist|keys|keyboards?|rhodes" },
  { name: "drum machine", pattern: "drum machines?" },
  { name: "808s", pattern: "808s?" },
  { name: "drums", pattern: "drums?|drummer|drumming|drumbeats?|percussion|beats?" },
  { name: "violin", pattern: "violins?|violinist" },
  { name: "fiddle", pattern: "fiddles?|fiddler" },
  { name: "strings", pattern: "strings|string section|string quartet|orchestra" },
  { name: "cello", pattern: "cellos?|cellist" },
  { name: "synth", pattern: "synth pads?|synths?|synthesi[sz]ers?|moog" },
  { name: "saxophone", pattern: "saxophones?|saxophonist|sax" },
  { name: "trumpet", pattern: "trumpets?" },
  { name: "trombone", pattern: "trombones?" },
  { name: "horns", pattern: "horns|horn section|brass" },
  { name: "flute", pattern: "flutes?" },
  { name: "clarinet", pattern: "clarinets?" },
  { name: "ukulele", pattern: "ukuleles?|uke" },
  { name: "organ", pattern: "hammond organ|organs?|hammond" },
  { name: "harp", pattern: "harps?" },
  { name: "banjo", pattern: "banjos?" },
  { name: "mandolin", pattern: "mandolins?" },
  { name: "harmonica", pattern: "harmonicas?" },
  { name: "accordion", pattern: "accordions?" },
  { name: "bells", pattern: "bells|glockenspiel|chimes" },
  { name: "marimba", pattern: "marimbas?|xylophones?|vibraphone" },
  { name: "sitar", pattern: "sitars?" },
  { name: "bagpipes", pattern: "bagpipes?" },
]

/**
 * Words that carry no subject on their own: a message made only of these (and of style, voice and
 * instrument words) is an answer or small talk, never what the song is about.
 */
export const fillerWords: ReadonlySet<string> = new Set(
  (
    "a an the and or but with to of for in on at by it it's its is be am are this that some something " +
    "i i'm im i'd i'll me my we us our you your song songs track tune tunes music lyrics want wanna would " +
    "like please pls make write create let's lets can could maybe just really very more less kind sort " +
    "style styles genre vocals vocal voice voices singer singers sung sing singing instrument instruments " +
    "played playing play feel feeling feels mood vibe vibes think sounds sound good great ok okay yes yeah " +
    "yep yup sure no nope nah thanks thank hi hello hey hiya howdy yo there melody hmm um uh well so also " +
    "too bit little one do go ahead perfect nice cool awesome lovely let have has need get use using " +
    "add plus not don't idea version type kind of all right alright fine fun maybe probably either both " +
    "whatever anything lol haha wow oh male female males females duet duets choir choral baritone tenor " +
    "soprano alto mezzo sings sang switch change changed changing from into instead actually turn try " +
    "take redo rewrite swap replace rather prefer guess version something maybe kinda sorta mix blend " +
    "fusion combo combination between only without extra lots plenty"
  ).split(" "),
)
