import { v7 as uuidv7 } from "uuid"
import { Actors } from "#events/contracts/actor.ts"
import type { NewEvent } from "#events/store/index.ts"

/** The event both sides write: a saved song as the catalog records it, about 400 bytes of JSON. */
export const payload = (i: number) => {
  const data = {
    _tag: "SongSaved",
    songId: uuidv7(),
    userId: "0193c1d2-7e4f-7a10-9b3c-5d6e7f809a1b",
    title: `Midnight Drive (Version ${(i % 2) + 1})`,
    style: "synthwave, female vocals, analog synth, driving bass, 110 bpm",
    duration: 184_000 + i,
    isPublic: false,
    audioUrl: "/media/songs/0193c1d2-7e4f-7a10-9b3c-5d6e7f809a1b.mp3",
  }
  return data
}
const metadata = {
  actor: Actors.user("0193c1d2-7e4f-7a10-9b3c-5d6e7f809a1b"),
  correlationId: uuidv7(),
  requestId: uuidv7(),
}
export const newEvent = (i: number): NewEvent => ({
  eventId: uuidv7(),
  type: "SongSaved",
  schemaVersion: 1,
  data: payload(i),
  metadata,
})
export const rawRow = (i: number) => ({
  eventId: uuidv7(),
  type: "SongSaved",
  data: JSON.stringify(payload(i)),
  metadata: JSON.stringify(metadata),
})
