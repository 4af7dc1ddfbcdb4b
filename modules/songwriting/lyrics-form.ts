import { Effect } from "effect"
import { actorOf, type SignedInUser } from "#api/auth.ts"
import { LyricsDraftEvent, songwritingStreams } from "#events/contracts/songwriting.ts"
import { fold } from "#events/decider.ts"
import { runCommand } from "#events/handle-command.ts"
import { decodeAll, EventStore } from "#events/store/index.ts"
import { RateLimiter } from "#toolkit/rate-limit.ts"
import { LyricsDraft, type LyricsRequestPayload } from "./api.ts"
import { SongwritingConfig } from "./config.ts"
import { fitLyrics } from "./fit-lyrics.ts"
import { type DraftCommand, lyricsDraft } from "./lyrics-draft.ts"
import { lyricsFailure, nothingToEdit, seedOf } from "./model-answers.ts"
import { LanguageModel } from "./ports.ts"

const decodeDraft = decodeAll(LyricsDraftEvent)

/** The lyrics form: lyrics written from a brief, kept as the person's draft, edited by hand. */
export const makeLyricsForm = Effect.gen(function* () {
  const store = yield* EventStore
  const model = yield* LanguageModel
  const limiter = yield* RateLimiter
  const config = yield* SongwritingConfig

  const readDraft = (userId: string) =>
    Effect.flatMap(store.readStream(songwritingStreams.lyricsDraft(userId)), decodeDraft).pipe(
      Effect.map((history) => ({
        draft: fold(
          lyricsDraft,
          history.map((h) => h.event),
        ),
        version: history.length,
      })),
      Effect.orDie,
    )

  const runDraft = (user: SignedInUser, command: DraftCommand) =>
    runCommand({
      decider: lyricsDraft,
      events: LyricsDraftEvent,
      streamId: songwritingStreams.lyricsDraft(user.userId),
      command,
      actor: actorOf(user),
    }).pipe(Effect.catchTag("NoLyricsYet", nothingToEdit))

  const generateLyrics = Effect.fn("Songwriting.generateLyrics")(function* (
    user: SignedInUser,
    brief: LyricsRequestPayload,
  ) {
    yield* limiter.hit(`lyrics:${user.userId}`, config.limits.lyrics)
    const { version } = yield* readDraft(user.userId)
    // Asking again for the same brief gives another take.
    const seed = seedOf(brief.title, brief.description, brief.style, version)
    const written = yield* model
      .writeLyrics({ ...brief, seed })
      .pipe(Effect.mapError(lyricsFailure))
    const lyrics = fitLyrics(written)
    yield* runDraft(user, {
      _tag: "RecordFormLyrics",
      userId: user.userId,
      brief,
      lyrics,
      model: model.name,
    }).pipe(Effect.catchTag("NothingToEdit", Effect.die))
    return { lyrics }
  })

  const draftOf = (user: SignedInUser) =>
    Effect.map(readDraft(user.userId), ({ draft }) => draft && new LyricsDraft(draft))

  const editDraft = (user: SignedInUser, lyrics: string) =>
    Effect.flatMap(
      runDraft(user, { _tag: "EditDraft", userId: user.userId, lyrics }),
      (recorded) =>
        recorded.state === null
          ? Effect.die(new Error("an edited draft is never empty"))
          : Effect.succeed(new LyricsDraft(recorded.state)),
    )

  return { generateLyrics, lyricsDraft: draftOf, editLyricsDraft: editDraft }
})
