import { createHash } from "node:crypto"
import { mkdtemp, readFile, rm, stat } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { expect, layer } from "@effect/vitest"
import { Effect, Fiber, Schedule } from "effect"
import { EngineFailed, MusicEngine, type RenderedSong } from "#modules/music/ports.ts"
import { probeAudio } from "#toolkit/test-audio.ts"
import { MusicEngineLive } from "./child-process.ts"
import {
  decibels,
  decodeMono,
  ebur128,
  goldenLyrics,
  longestSilence,
  meanSquare,
  processesMentioning,
  sampleRate,
} from "./test-audio-measures.ts"
import { workDirOf } from "./work-dir.ts"

const lyrics = goldenLyrics

/** A whole song (about 80 s): its render runs Festival, then FluidSynth, for several seconds. */
const longLyrics = `[Verse]
I woke up early with the sun in my eyes
Every little window full of summer skies
I called your name across the empty street
And all the city started dancing to the beat
[Chorus]
We are golden, we are young tonight
Hold on to me, we can touch the light
Sing it louder, let the music play
We are golden and we'll find a way
[Verse]
Paper airplanes flying over town
Every worry that we had is falling down
Your hand in mine, we never walk alone
Every road we take is leading home
[Chorus]
We are golden, we are young tonight
Hold on to me, we can touch the light
Sing it louder, let the music play
We are golden and we'll find a way`

/**
 * The same song three times over (about four minutes), for a render that must still be going when a short
 * timeout ends it: one of 80 s took 4 s on a quiet CI machine, inside a 5 s timeout.
 */
const longestLyrics = [longLyrics, longLyrics, longLyrics].join("\n")

/** Long enough for Festival to have started, however loaded the machine; far shorter than the render. */
const shortTimeoutMs = 3000

const maxSeconds = 40
const minute = 60_000

const scratchDir = Effect.acquireRelease(
  Effect.promise(() => mkdtemp(join(tmpdir(), "melody-engine-test-"))),
  (dir) => Effect.promise(() => rm(dir, { recursive: true, force: true })),
)

const render = (style: string, seed = 1, timeoutMs = minute) =>
  Effect.gen(function* () {
    const engine = yield* MusicEngine
    const outDir = yield* scratchDir
    return yield* engine.render({
      title: "Golden",
      lyrics,
      style,
      seed,
      outDir,
      maxSeconds,
      timeoutMs,
    })
  })

const sha256 = (path: string) =>
  Effect.promise(async () =>
    createHash("sha256")
      .update(await readFile(path))
      .digest("hex"),
  )

/** Mean energy in and out of the sung lines, with some room at each line's edges. */
const energyInAndOut = (samples: Float32Array, song: RenderedSong) => {
  const seconds = samples.length / sampleRate
  const sung = (t: number) =>
    song.vocalRegions.some((r) => t >= r.startMs / 1000 + 0.2 && t + 0.1 <= r.endMs / 1000 - 0.2)
  const nearSung = (t: number) =>
    song.vocalRegions.some((r) => t + 0.1 >= r.startMs / 1000 - 0.5 && t <= r.endMs / 1000 + 1)
  const sums = { in: 0, inCount: 0, out: 0, outCount: 0 }
  // Not the first second, nor the fade and the reverb's tail.
  for (let t = 1; t < seconds - 4; t += 0.1) {
    const energy = meanSquare(
      samples,
      Math.round(t * sampleRate),
      Math.round((t + 0.1) * sampleRate),
    )
    if (sung(t)) {
      sums.in += energy
      sums.inCount++
    } else if (!nearSung(t)) {
      sums.out += energy
      sums.outCount++
    }
  }
  expect(sums.outCount).toBeGreaterThan(20)
  return { in: sums.in / sums.inCount, out: sums.out / sums.outCount }
}

/**
 * How much louder the band of a voice's fundamental and first formant (200-1000 Hz) is on the lyric lines
 * than in the intro, in dB. The lead plays the hook in the intro and the band grows after it, so the lines
 * are louder either way; a voice on them lifts them further.
 */
const linesOverIntro = (song: RenderedSong) =>
  Effect.map(decodeMono(song.wavPath, "highpass=f=200,lowpass=f=1000"), (band) => {
    const [first] = song.facts.sections
    const at = (ms: number) => Math.round((ms / 1000) * sampleRate)
    const intro = meanSquare(band, at(500), at(first!.startMs - 200))
    const lines = song.facts.sections.map((section) =>
      meanSquare(band, at(section.startMs + 300), at(section.endMs - 300)),
    )
    return decibels(lines.reduce((a, b) => a + b, 0) / lines.length) - decibels(intro)
  })

const styles = [
  { style: "upbeat pop with female vocals, guitar and drums", genre: "pop" },
  { style: "rock with male vocals and electric guitar", genre: "rock" },
  { style: "lo-fi hip-hop with rap", genre: "lofi" },
] as const

// The real clock: renders take real seconds, and the timeouts under test are real ones.
layer(MusicEngineLive, { excludeTestServices: true })(
  "the music engine, through its child process",
  (it) => {
    for (const { style, genre } of styles) {
      it.scoped(
        `"${style}": a finished ${genre} song at -14 LUFS, without gaps, with a voice where it sings`,
        () =>
          Effect.gen(function* () {
            const song = yield* render(style)
            expect(song.genre).toBe(genre)

            const wav = yield* probeAudio(yield* Effect.promise(() => readFile(song.wavPath)))
            expect(wav).toMatchObject({
              codec: "pcm_s16le",
              bitsPerSample: 16,
              sampleRate,
              channels: 2,
            })
            expect(wav.seconds).toBeGreaterThan(25)
            expect(wav.seconds).toBeLessThanOrEqual(maxSeconds + 0.1)
            expect(Math.abs(wav.seconds * 1000 - song.durationMs)).toBeLessThan(100)
            const mp3 = yield* probeAudio(yield* Effect.promise(() => readFile(song.mp3Path)))
            expect(mp3).toMatchObject({ codec: "mp3", sampleRate, channels: 2 })
            expect(Math.abs(mp3.seconds - wav.seconds)).toBeLessThan(0.2)

            const full = yield* decodeMono(song.wavPath)
            expect(longestSilence(full, -50, 0.5, full.length / sampleRate - 3)).toBeLessThan(2)

            const measured = yield* ebur128(song.wavPath)
            expect(Math.abs(measured.lufs + 14)).toBeLessThanOrEqual(1)
            expect(measured.truePeak).toBeLessThanOrEqual(-0.5)
            expect(Math.abs(measured.lufs - song.lufs)).toBeLessThan(0.3)

            // The voice's band, 300-3400 Hz: clearly louder, and a larger share of the sound, where it sings.
            // (The same song mixed without its voice measured 2.4 dB and 1.0 dB here.)
            expect(song.vocalRegions.length).toBeGreaterThan(0)
            const voiceBand = yield* decodeMono(
              song.wavPath,
              "highpass=f=300,highpass=f=300,lowpass=f=3400,lowpass=f=3400",
            )
            const band = energyInAndOut(voiceBand, song)
            const all = energyInAndOut(full, song)
            expect(decibels(band.in) - decibels(band.out)).toBeGreaterThan(4)
            expect(decibels(band.in / all.in) - decibels(band.out / all.out)).toBeGreaterThan(1.5)

            yield* Effect.promise(() =>
              expect(stat(workDirOf(join(song.wavPath, "..")))).rejects.toThrow(),
            )
          }),
        2 * minute,
      )
    }

    it.scoped(
      "the same request and seed give byte-identical files; another seed another song",
      () =>
        Effect.gen(function* () {
          const style = styles[0].style
          const [first, again, other] = yield* Effect.all(
            [render(style, 7), render(style, 7), render(style, 8)],
            { concurrency: "unbounded" },
          )
          expect(yield* sha256(again.wavPath)).toBe(yield* sha256(first.wavPath))
          expect(yield* sha256(again.mp3Path)).toBe(yield* sha256(first.mp3Path))
          expect(yield* sha256(other.wavPath)).not.toBe(yield* sha256(first.wavPath))
          expect(yield* sha256(other.mp3Path)).not.toBe(yield* sha256(first.mp3Path))
        }),
      2 * minute,
    )

    it.scoped(
      "an instrumental of a sung style has no voice: Festival never runs, the band plays it whole, nothing lifts the lyric lines in the voice's band",
      () =>
        Effect.gen(function* () {
          const engine = yield* MusicEngine
          const outDir = yield* scratchDir
          const seen = new Set<string>()
          const watcher = yield* Effect.fork(
            processesMentioning(outDir).pipe(
              Effect.tap((lines) => {
                for (const line of lines) seen.add(line.split(" ")[1] ?? "")
              }),
              Effect.zipRight(Effect.sleep("50 millis")),
              Effect.forever,
            ),
          )
          const song = yield* engine.render({
            title: "Golden",
            lyrics,
            style: styles[0].style,
            instrumental: true,
            seed: 1,
            outDir,
            maxSeconds,
            timeoutMs: minute,
          })
          yield* Fiber.interrupt(watcher)
          expect(song.vocalRegions).toEqual([])
          expect([...seen].some((name) => /fluidsynth/.test(name))).toBe(true)
          expect([...seen].some((name) => /festival|text2wave/.test(name))).toBe(false)
          const full = yield* decodeMono(song.wavPath)
          expect(full.length / sampleRate).toBeGreaterThan(25)
          expect(longestSilence(full, -50, 0.5, full.length / sampleRate - 3)).toBeLessThan(2)
          expect(Math.abs((yield* ebur128(song.wavPath)).lufs + 14)).toBeLessThanOrEqual(1)

          // In the voice's band, the lyric lines stand out from the intro only where a voice sings them.
          const sung = yield* render(styles[0].style)
          const [played, voiced] = yield* Effect.all([linesOverIntro(song), linesOverIntro(sung)])
          expect(played).toBeLessThan(voiced - 3)
        }),
      2 * minute,
    )

    it.scoped(
      "a timeout kills the render's whole process group: no Festival or FluidSynth is left",
      () =>
        Effect.gen(function* () {
          const engine = yield* MusicEngine
          const outDir = yield* scratchDir
          const seen = new Set<string>()
          const watch = processesMentioning(outDir).pipe(
            Effect.tap((lines) => {
              for (const line of lines) seen.add(line.split(" ")[1] ?? "")
            }),
            Effect.zipRight(Effect.sleep("50 millis")),
            Effect.forever,
          )
          const watcher = yield* Effect.fork(watch)
          const failure = yield* Effect.flip(
            engine.render({
              title: "Golden",
              lyrics: longestLyrics,
              style: styles[0].style,
              seed: 1,
              outDir,
              timeoutMs: shortTimeoutMs,
            }),
          )
          yield* Fiber.interrupt(watcher)
          expect(failure).toBeInstanceOf(EngineFailed)
          expect(failure.reason).toContain(`took longer than ${shortTimeoutMs} ms`)
          // It was killed mid-work, and nothing it started outlived it.
          expect([...seen].some((name) => /festival|fluidsynth/.test(name))).toBe(true)
          expect(yield* processesMentioning(outDir)).toEqual([])
          yield* Effect.promise(() => expect(stat(workDirOf(outDir))).rejects.toThrow())
        }),
      minute,
    )

    it.scoped(
      "an interrupted render is killed the same way",
      () =>
        Effect.gen(function* () {
          const engine = yield* MusicEngine
          const outDir = yield* scratchDir
          const running = yield* Effect.fork(
            engine.render({
              title: "Golden",
              lyrics: longLyrics,
              style: styles[1].style,
              seed: 2,
              outDir,
              timeoutMs: minute,
            }),
          )
          const speaking = yield* processesMentioning(outDir).pipe(
            Effect.filterOrFail((lines) => lines.some((line) => / festival /.test(line))),
            Effect.retry(Schedule.spaced("50 millis")),
            Effect.timeout("20 seconds"),
          )
          expect(speaking.length).toBeGreaterThan(0)
          yield* Fiber.interrupt(running)
          expect(yield* processesMentioning(outDir)).toEqual([])
        }),
      minute,
    )
  },
)
