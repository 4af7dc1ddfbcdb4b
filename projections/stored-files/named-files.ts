import { Schema } from "effect"
import { SongDeleted, SongSaved } from "#events/contracts/catalog.ts"
import { CreatorAvatarChanged } from "#events/contracts/community.ts"
import { SongGenerationSucceeded } from "#events/contracts/media.ts"
import { StemsMade, StemsRequested } from "#events/contracts/stems.ts"
import { VideoExportCompleted, VideoExportRequested } from "#events/contracts/video-exports.ts"

/** The events that name stored files, or take them away. */
export const NamingEvent = Schema.Union(
  SongGenerationSucceeded,
  SongSaved,
  SongDeleted,
  StemsRequested,
  StemsMade,
  VideoExportRequested,
  VideoExportCompleted,
  CreatorAvatarChanged,
)
export type NamingEvent = typeof NamingEvent.Type

const present = (keys: ReadonlyArray<string | null | undefined>) =>
  keys.filter((key): key is string => typeof key === "string")

/**
 * The files the events say storage holds now: each version's audio, cover, MIDI and timed lyrics, each
 * song's, its stems and videos, and each creator's avatar; less a deleted song's and a replaced avatar.
 * Files kept beside them (WAVs, waveforms, smaller covers) are caches, made again when missing.
 */
export const namedFiles = () => {
  /** Files by what they belong to: a version, a song, an avatar's owner. */
  const owned = new Map<string, Set<string>>()
  const songOfVersion = new Map<string, string>()
  const songOfWork = new Map<string, string>()
  const own = (owner: string, keys: ReadonlyArray<string>) => {
    const files = owned.get(owner) ?? new Set()
    for (const key of keys) files.add(key)
    owned.set(owner, files)
  }
  const apply = (event: NamingEvent) => {
    switch (event._tag) {
      case "SongGenerationSucceeded":
        for (const v of event.versions) {
          own(
            `version:${v.versionId}`,
            present([v.audioKey, v.imageKey, v.midiKey, v.syncedLyricsKey]),
          )
        }
        return
      case "SongSaved":
        if (event.versionId !== null) songOfVersion.set(event.versionId, event.songId)
        own(
          `song:${event.songId}`,
          present([event.audioKey, event.imageKey, event.midiKey, event.syncedLyricsKey]),
        )
        return
      case "StemsRequested":
        songOfWork.set(`stems:${event.versionId}`, event.songId)
        return
      case "StemsMade":
        own(`song:${songOfWork.get(`stems:${event.versionId}`) ?? event.versionId}`, [event.key])
        return
      case "VideoExportRequested":
        songOfWork.set(`video:${event.jobId}`, event.songId)
        return
      case "VideoExportCompleted":
        own(`song:${songOfWork.get(`video:${event.jobId}`) ?? event.jobId}`, [event.videoKey])
        return
      case "CreatorAvatarChanged":
        owned.delete(`avatar:${event.userId}`)
        own(`avatar:${event.userId}`, present([event.avatarKey]))
        return
      case "SongDeleted":
        owned.delete(`song:${event.songId}`)
        if (event.versionId !== null) owned.delete(`version:${event.versionId}`)
        for (const [versionId, songId] of songOfVersion) {
          if (songId === event.songId) owned.delete(`version:${versionId}`)
        }
        return
    }
  }
  const files = (): ReadonlySet<string> => {
    const all = new Set<string>()
    for (const keys of owned.values()) for (const key of keys) all.add(key)
    return all
  }
  return { apply, files }
}
