import { Effect, ParseResult, Schema } from "effect"
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

const decodeMetadata = Schema.decodeUnknown(EventMetadata)

/** Decodes one recorded event with the schema of the events the reader understands. */
export const decodeRecorded = <S extends EventSchema>(schema: S) => {
  const decodeData = Schema.decodeUnknown(schema)
  return (recorded: RecordedEvent): Effect.Effect<DecodedEvent<S["Type"]>, UndecodableEvent> =>
    Effect.all([decodeData(recorded.data), decodeMetadata(recorded.metadata)]).pipe(
      Effect.map(([event, metadata]) => ({ ...recorded, event, metadata })),
      Effect.mapError(
        (error) =>
          new UndecodableEvent({
            eventId: recorded.eventId,
            streamId: recorded.streamId,
            globalPosition: recorded.globalPosition,
            type: recorded.type,
            reason: ParseResult.TreeFormatter.formatErrorSync(error),
          }),
      ),
    )
}

export const decodeAll = <S extends EventSchema>(schema: S) => {
  const decode = decodeRecorded(schema)
  return (
    events: ReadonlyArray<RecordedEvent>,
  ): Effect.Effect<ReadonlyArray<DecodedEvent<S["Type"]>>, UndecodableEvent> =>
    Effect.forEach(events, decode)
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
