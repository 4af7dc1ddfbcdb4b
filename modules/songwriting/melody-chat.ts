import type { SqlClient } from "@effect/sql"
import { Cause, Effect, Option, Queue, Stream } from "effect"
import { v7 as uuidv7 } from "uuid"
import { actorOf, type SignedInUser } from "#api/auth.ts"
import { ConversationEvent, songwritingStreams } from "#events/contracts/songwriting.ts"
import { loadAggregate } from "#events/decider.ts"
import { runCommand } from "#events/handle-command.ts"
import { decodeAll, EventStore } from "#events/store/index.ts"
import { now } from "#toolkit/clock.ts"
import { describeCause, ErrorReports } from "#toolkit/error-reports.ts"
import { RateLimiter } from "#toolkit/rate-limit.ts"
import { ChatTurnResult, Conversation, SongInfo } from "./api.ts"
import { SongwritingConfig } from "./config.ts"
import {
  type ConversationCommand,
  conversation,
  conversationSnapshots,
  lyricsBrief,
} from "./conversation.ts"
import { chatMessages, eventsForView } from "./conversation-view.ts"
import { dateUnavailable, describeDateTime } from "./date-time.ts"
import { fitLyrics } from "./fit-lyrics.ts"
import {
  chatFailure,
  chatUnavailable,
  fitReply,
  lyricsFailure,
  nothingToEdit,
  seedOf,
} from "./model-answers.ts"
import { LanguageModel } from "./ports.ts"
import type { ChatNews } from "./songwriting-shape.ts"

const decodeConversation = decodeAll(ConversationEvent)

/** Melody's chat: the conversation, its turns, a new song, the song's lyrics edited by hand. */
export const makeMelodyChat = Effect.gen(function* () {
  const store = yield* EventStore
  const model = yield* LanguageModel
  const limiter = yield* RateLimiter
  const reports = yield* ErrorReports
  const config = yield* SongwritingConfig
  const storeContext = yield* Effect.context<EventStore | SqlClient.SqlClient>()

  const conversationStream = (userId: string) => ({
    decider: conversation,
    events: ConversationEvent,
    streamId: songwritingStreams.conversation(userId),
    snapshot: conversationSnapshots,
  })

  const loadConversation = (userId: string) =>
    loadAggregate(conversationStream(userId)).pipe(Effect.orDie, Effect.provide(storeContext))

  const runConversation = (user: SignedInUser, command: ConversationCommand) =>
    runCommand({ ...conversationStream(user.userId), command, actor: actorOf(user) }).pipe(
      Effect.catchTag("NoLyricsYet", nothingToEdit),
    )

  const dateContext = Effect.map(now, (date) => {
    const { datetime_info, error } = describeDateTime(date)
    return error === undefined ? datetime_info : dateUnavailable
  })

  const conversationOf = (user: SignedInUser) =>
    Effect.gen(function* () {
      const streamId = songwritingStreams.conversation(user.userId)
      const version = yield* store.streamVersion(streamId)
      const recent = yield* store
        .readStream(streamId, { fromVersion: Math.max(1, version - eventsForView + 1) })
        .pipe(Effect.flatMap(decodeConversation), Effect.orDie)
      const { state } = yield* loadConversation(user.userId)
      return new Conversation({
        messages: chatMessages(recent),
        songInfo: new SongInfo(state.song),
      })
    })

  const admit = (user: SignedInUser) => limiter.hit(`chat:${user.userId}`, config.limits.chatTurns)

  const turn = Effect.fn("Songwriting.turn")(function* (
    user: SignedInUser,
    content: string,
    written?: (words: string) => Effect.Effect<void>,
  ) {
    const { state, version } = yield* loadConversation(user.userId)
    // The conversation's position, not the person: the same conversation writes the same song.
    const seed = seedOf(version)
    const answer = yield* model
      .reply(
        {
          history: [...state.turns, { role: "user", content }],
          song: state.song,
          dateContext: yield* dateContext,
          seed,
        },
        written,
      )
      .pipe(Effect.mapError(chatFailure))
    const reply = fitReply(answer.reply)
    const brief = lyricsBrief(reply)
    if (reply.action.type === "generate_lyrics" && brief === undefined) {
      yield* Effect.logWarning(
        "Melody asked for lyrics without a title, a style and a description; none were written",
      )
    }
    const lyrics =
      brief &&
      fitLyrics(yield* model.writeLyrics({ ...brief, seed }).pipe(Effect.mapError(lyricsFailure)))
    const command = {
      _tag: "RecordTurn",
      userId: user.userId,
      userMessageId: uuidv7(),
      content,
      replyId: uuidv7(),
      reply,
      model: model.name,
      fallback: answer.fallback,
      ...(lyrics ? { lyrics: { messageId: uuidv7(), text: lyrics } } : {}),
    } as const
    const recorded = yield* runConversation(user, command).pipe(
      Effect.catchTag("NothingToEdit", Effect.die),
    )
    const recordedAt = yield* now
    return new ChatTurnResult({
      message: reply.message,
      action: reply.action,
      songInfo: new SongInfo(recorded.state.song),
      messages: chatMessages(recorded.events.map((event) => ({ event, recordedAt }))),
    })
  })

  const chat = (user: SignedInUser, content: string) =>
    Effect.zipRight(admit(user), turn(user, content))

  const reportFailedTurn = (user: SignedInUser, cause: Cause.Cause<unknown>) => {
    const { message, stack } = describeCause(cause)
    return reports.record({
      source: "server",
      actor: actorOf(user),
      message: `Melody's turn failed: ${message}`,
      stack,
      context: { endpoint: "POST /api/chat/stream" },
    })
  }

  const chatStream = (user: SignedInUser, content: string) =>
    Effect.gen(function* () {
      yield* admit(user)
      const news = yield* Queue.unbounded<ChatNews>()
      // Its own fiber: the turn is recorded even when the page that asked stops listening.
      yield* turn(user, content, (words) => news.offer({ _tag: "Words", words })).pipe(
        Effect.matchCauseEffect({
          onSuccess: (result) => news.offer({ _tag: "Turn", result }),
          onFailure: (cause) =>
            Option.match(Cause.failureOption(cause), {
              onSome: (refusal) => news.offer({ _tag: "Refused", refusal }),
              // The answer has begun, so the HTTP edge, which records a failed request, never sees
              // this one: it is recorded here, as the edge would.
              onNone: () =>
                Effect.logError("Melody's turn failed", cause).pipe(
                  Effect.zipRight(reportFailedTurn(user, cause)),
                  Effect.zipRight(news.offer({ _tag: "Refused", refusal: chatUnavailable })),
                ),
            }),
        }),
        Effect.forkDaemon,
      )
      return Stream.fromQueue(news).pipe(Stream.takeUntil((item) => item._tag !== "Words"))
    })

  const startNewSong = (user: SignedInUser) =>
    Effect.zipRight(
      runConversation(user, {
        _tag: "StartNewSong",
        userId: user.userId,
        messageId: uuidv7(),
      }).pipe(Effect.catchTag("NothingToEdit", Effect.die)),
      conversationOf(user),
    )

  const editChatLyrics = (user: SignedInUser, lyrics: string) =>
    Effect.map(
      runConversation(user, { _tag: "EditLyrics", userId: user.userId, lyrics }),
      (recorded) => new SongInfo(recorded.state.song),
    )

  return { conversation: conversationOf, chat, chatStream, startNewSong, editChatLyrics }
})
