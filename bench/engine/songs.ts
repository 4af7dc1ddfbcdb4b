/**
 * Three full songs for the engine's benchmark: verse, chorus, verse, chorus, in three genres; each with a
 * new verse (to extend it with, or to sing over its second verse) and a style to cover it in.
 */

export interface BenchSong {
  readonly name: string
  readonly title: string
  readonly style: string
  readonly lyrics: string
  readonly newVerse: string
  readonly cover: string
}

export const benchSongs: ReadonlyArray<BenchSong> = [
  {
    name: "pop, female, guitar",
    title: "Golden",
    style: "upbeat pop with female vocals, guitar and drums",
    lyrics: `[Verse 1]
I woke up early with the sun in my eyes
Every little window full of summer skies
I called your name across the empty street
And all the city started dancing to the beat

[Chorus]
We are golden, we are young tonight
Hold on to me, we can touch the light
Sing it louder, let the music play
We are golden and we'll find a way

[Verse 2]
Paper airplanes flying over town
Every worry that we had is falling down
Your hand in mine, we never walk alone
Every road we take is leading home

[Chorus]
We are golden, we are young tonight
Hold on to me, we can touch the light
Sing it louder, let the music play
We are golden and we'll find a way`,
    newVerse: `[Verse 3]
Summer rain is falling on the square
Every song we sing is in the air
Take my hand and never let it go
We are golden, now the whole world knows`,
    cover: "as a jazz ballad",
  },
  {
    name: "rock, male, electric guitar",
    title: "Engine Heart",
    style: "rock with male vocals and electric guitar",
    lyrics: `[Verse 1]
Thunder rolling down the highway line
Headlights burning like a warning sign
I got gasoline and nothing left to lose
Running on the rhythm of the highway blues

[Chorus]
Turn it up, turn it up, let the engine roar
We were born to run and we want more
Turn it up, turn it up, till the morning light
We are never going home tonight

[Verse 2]
Broken mirror on a motel door
Every mile is louder than before
Hold the wheel and never look behind
Leave the empty yesterday behind

[Chorus]
Turn it up, turn it up, let the engine roar
We were born to run and we want more
Turn it up, turn it up, till the morning light
We are never going home tonight`,
    newVerse: `[Verse 3]
Diesel smoke and thunder in the rain
Every broken promise calls my name
Keep the radio loud and keep it true
Every mile I drive leads back to you`,
    cover: "as an acoustic folk song with female vocals",
  },
  {
    name: "lo-fi hip-hop, rap",
    title: "Late Night Notes",
    style: "lo-fi hip-hop with rap",
    lyrics: `[Verse 1]
Late night rolling through the city with the windows down
Every corner got a story in this concrete town
I been grinding since the morning and I never stop
Started way down at the bottom now I'm heading to the top

[Chorus]
Keep it moving, keep it steady, let the bass go boom
Every heartbeat on the rhythm when I step in the room
Keep it moving, keep it steady, never slowing down
We the kings of the city and the night is our crown

[Verse 2]
Coffee cold and the notebook full of lines I wrote
Every page another chapter every verse a quote
Streetlights humming like a melody I used to know
Taking every little step and never moving slow

[Chorus]
Keep it moving, keep it steady, let the bass go boom
Every heartbeat on the rhythm when I step in the room
Keep it moving, keep it steady, never slowing down
We the kings of the city and the night is our crown`,
    newVerse: `[Verse 3]
Midnight talking to the moon above the avenue
Every rhyme I ever wrote was leading back to you
Counting every single blessing like I'm counting sheep
Got a million little dreams and not a minute left to sleep`,
    cover: "as a smooth r&b slow jam",
  },
]
