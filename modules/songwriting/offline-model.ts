import { Effect, Layer } from "effect"
import { LanguageModel } from "./language-model.ts"
import { writeLyrics } from "./offline/lyric-writer.ts"
import { offlineReply } from "./offline/melody.ts"

/** The offline default: the deterministic Melody and lyric writer, in this process. */
export const OfflineModelLive = Layer.succeed(
  LanguageModel,
  LanguageModel.of({
    name: "offline",
    reply: (request) => Effect.sync(() => ({ reply: offlineReply(request), fallback: false })),
    writeLyrics: (request) => Effect.sync(() => writeLyrics(request)),
  }),
)
