import { Config, Context, Duration, Layer, Option } from "effect"
import type { MusicMakerName } from "#events/contracts/media.ts"
import type { SongOperation } from "#events/contracts/song-operations.ts"
import { songCost } from "#modules/billing/api-prices.ts"
import { type MusicApiSettings, musicApi } from "./music-api-config.ts"

export interface MusicConfigShape {
  /** Unset: the project's own music engine. */
  readonly musicApi: Option.Option<MusicApiSettings>
  /** How often a running task is looked at when no callback comes (spec: 8 s). */
  readonly pollInterval: Duration.Duration
  /** A generation not finished by then fails, and its credits are refunded. */
  readonly timeout: Duration.Duration
  /** How long the engine may take for one version before its processes are killed. */
  readonly renderTimeout: Duration.Duration
  /** The offline engine's General MIDI soundfont, instead of the first of Debian's installed. */
  readonly soundfont: Option.Option<string>
  /** What each operation on a song costs, in credits. */
  readonly prices: Record<SongOperation, number>
  /** What a song's stems cost, in credits, by who takes it apart: free offline, 2 through the API. */
  readonly stemsPrices: Record<MusicMakerName, number>
}

export class MusicConfig extends Context.Tag("@melody/music/MusicConfig")<
  MusicConfig,
  MusicConfigShape
>() {}

const anySeconds = (name: string) =>
  Config.number(name).pipe(
    Config.validate({ message: `${name} must be more than 0`, validation: (n) => n > 0 }),
    Config.map((n) => Duration.millis(Math.round(n * 1000))),
  )
const seconds = (name: string, fallback: number) =>
  anySeconds(name).pipe(Config.withDefault(Duration.millis(fallback * 1000)))

/** A price in credits: an operation's is a song's unless configured. */
const price = (name: string, fallback = songCost) =>
  Config.integer(name).pipe(
    Config.withDefault(fallback),
    Config.validate({ message: `${name} must be 0 or more`, validation: (n) => n >= 0 }),
  )

export const musicConfig = Config.all({
  musicApi,
  pollInterval: seconds("GENERATION_POLL_SECONDS", 8),
  timeout: seconds("GENERATION_TIMEOUT_SECONDS", 600),
  renderTimeout: seconds("ENGINE_TIMEOUT_SECONDS", 300),
  soundfont: Config.string("MELODY_SOUNDFONT").pipe(Config.option),
  prices: Config.all({
    extend: price("EXTEND_CREDITS"),
    "replace-section": price("REPLACE_SECTION_CREDITS"),
    restyle: price("RESTYLE_CREDITS"),
  }),
  stemsPrices: Config.all({
    engine: price("STEMS_CREDITS", 0),
    "music-api": price("MUSIC_API_STEMS_CREDITS", 2),
  }),
})

export const MusicConfigLive = Layer.effect(MusicConfig, musicConfig)

export const describeMusicConfig = (config: MusicConfigShape) => ({
  music: Option.match(config.musicApi, {
    onNone: () => "offline music engine",
    onSome: (api) => `music API at ${api.url.host} (${api.model})`,
  }),
})
