import { Effect, Either, ParseResult, Schema } from "effect"
import { EventMetadata } from "../contracts/metadata.ts"
import { UndecodableEvent } from "./errors.ts"
import type { Position } from "./position.ts"

/** An event about to be appended; `data` is the schema-encoded event, `_tag` included. */
export interface NewEvent {
  readonly eventId: string
  readonly type: string
  readonly schemaVersion: number
  readonly data: unknown
  readonly metadata: EventMetadata
}

/** An event as stored. `data` is raw JSON until decoded with the reader's schema. */
export interface RecordedEvent extends Position {
  readonly streamId: string
  readonly streamVersion: number
  readonly eventId: string
  readonly type: string
  readonly schemaVersion: number
  readonly data: unknown
  readonly metadata: unknown
  readonly recordedAt: Date
}

/** A recorded event whose data and metadata passed their schemas. */
export interface DecodedEvent<E> extends Omit<RecordedEvent, "data" | "metadata"> {
  readonly event: E
  readonly metadata: EventMetadata
}

/** The schema of the events a reader understands: usually a union of tagged classes. */
export type EventSchema = Schema.Schema.AnyNoContext

const decodeMetadata = Schema.decodeUnknownEither(EventMetadata)

const undecodable = (recorded: RecordedEvent, error: ParseResult.ParseError) =>
  new UndecodableEvent({
    eventId: recorded.eventId,
    streamId: recorded.streamId,
    globalPosition: recorded.globalPosition,
    type: recorded.type,
    reason: ParseResult.TreeFormatter.formatErrorSync(error),
  })

/**
 * Decodes one recorded event with the schema of the events the reader understands. Synchronous: every
 * projection decodes every event it reads, and an effect per event cost more than the decoding itself.
 */
export const decodeRecorded = <S extends EventSchema>(schema: S) => {
  const decodeData = Schema.decodeUnknownEither(schema)
  return (recorded: RecordedEvent): Either.Either<DecodedEvent<S["Type"]>, UndecodableEvent> => {
    const event = decodeData(recorded.data)
    if (Either.isLeft(event)) return Either.left(undecodable(recorded, event.left))
    const metadata = decodeMetadata(recorded.metadata)
    if (Either.isLeft(metadata)) return Either.left(undecodable(recorded, metadata.left))
    return Either.right({ ...recorded, event: event.right, metadata: metadata.right })
  }
}

export const decodeAll = <S extends EventSchema>(schema: S) => {
  const decode = decodeRecorded(schema)
  return (
    events: ReadonlyArray<RecordedEvent>,
  ): Effect.Effect<ReadonlyArray<DecodedEvent<S["Type"]>>, UndecodableEvent> =>
    Effect.suspend(() => {
      const decoded: Array<DecodedEvent<S["Type"]>> = []
      for (const recorded of events) {
        const one = decode(recorded)
        if (Either.isLeft(one)) return Effect.fail(one.left)
        decoded.push(one.right)
      }
      return Effect.succeed(decoded)
    })
}

/** Encodes a domain event for appending. Encoding our own events cannot fail unless the code is wrong. */
export const toNewEvent = <S extends EventSchema>(schema: S) => {
  const encode = Schema.encodeSync(schema)
  return (
    event: S["Type"] & { readonly _tag: string },
    metadata: EventMetadata,
    eventId: string,
    schemaVersion = 1,
  ): NewEvent => ({ eventId, type: event._tag, schemaVersion, data: encode(event), metadata })
}
