import { Effect, Layer } from "effect"
import { LanguageModel } from "#modules/songwriting/ports.ts"
import { writeLyrics } from "./lyric-writer.ts"
import { offlineReply } from "./melody.ts"

/** The offline default: the deterministic Melody and lyric writer, in this process. */
export const OfflineModelLive = Layer.succeed(
  LanguageModel,
  LanguageModel.of({
    name: "offline",
    // Written at once: its message is heard whole.
    reply: (request, written) =>
      Effect.tap(
        Effect.sync(() => ({ reply: offlineReply(request), fallback: false })),
        ({ reply }) => written?.(reply.message) ?? Effect.void,
      ),
    writeLyrics: (request) => Effect.sync(() => writeLyrics(request)),
  }),
)
