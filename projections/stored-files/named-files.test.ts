import { describe, expect, it } from "vitest"
import { SongDeleted, SongSaved } from "#events/contracts/catalog.ts"
import { CreatorAvatarChanged } from "#events/contracts/community.ts"
import { SongGenerationSucceeded } from "#events/contracts/media.ts"
import { StemsMade, StemsRequested } from "#events/contracts/stems.ts"
import { VideoExportCompleted, VideoExportRequested } from "#events/contracts/video-exports.ts"
import { namedFiles } from "./named-files.ts"

const version = (versionId: string, index: number) => ({
  versionId,
  index,
  audioKey: `g1/${index}.mp3`,
  imageKey: `g1/${index}.jpeg`,
  sourceImageUrl: null,
  durationMs: 1000,
  midiKey: `g1/${index}.mid`,
})
const song = { userId: "u1", title: "Song", style: "pop", lyrics: "la", durationMs: 1000 }

describe("the files the events name", () => {
  it("are a generation's versions, their songs' stems and videos and the avatar now shown; a deleted song takes all of its own", () => {
    const fold = namedFiles()
    const events = [
      new SongGenerationSucceeded({
        generationId: "g1",
        ...song,
        versions: [version("v1", 1), version("v2", 2)],
        origin: null,
      }),
      new SongSaved({
        songId: "s1",
        ...song,
        audioKey: "g1/1.mp3",
        imageKey: "g1/1.jpeg",
        sourceImageUrl: null,
        isPublic: true,
        versionId: "v1",
        generationId: "g1",
        origin: null,
        midiKey: null,
        syncedLyricsKey: null,
      }),
      new StemsRequested({
        versionId: "v1",
        songId: "s1",
        userId: "u1",
        requestedAt: new Date(),
        maker: "engine",
        credits: 0,
        chargeId: null,
      }),
      new StemsMade({ versionId: "v1", key: "stems/v1.zip", sizeBytes: 10 }),
      new VideoExportRequested({
        jobId: "j1",
        userId: "u1",
        songId: "s1",
        format: "tiktok",
        songTitle: "Song",
        durationSeconds: 1,
        audioKey: "g1/1.mp3",
        coverKey: null,
        syncedLyricsKey: null,
        requestedAt: new Date(),
      }),
      new VideoExportCompleted({
        jobId: "j1",
        userId: "u1",
        videoKey: "videos/j1.mp4",
        sizeBytes: 10,
      }),
      new CreatorAvatarChanged({ userId: "u1", avatarKey: "avatars/a.webp", previousKey: null }),
      new CreatorAvatarChanged({
        userId: "u1",
        avatarKey: "avatars/b.webp",
        previousKey: "avatars/a.webp",
      }),
    ]
    for (const event of events) fold.apply(event)
    expect([...fold.files()].sort()).toEqual([
      "avatars/b.webp",
      "g1/1.jpeg",
      "g1/1.mid",
      "g1/1.mp3",
      "g1/2.jpeg",
      "g1/2.mid",
      "g1/2.mp3",
      "stems/v1.zip",
      "videos/j1.mp4",
    ])

    fold.apply(
      new SongDeleted({
        songId: "s1",
        userId: "u1",
        deletedAt: new Date(),
        versionId: "v1",
        files: ["g1/1.mp3"],
      }),
    )
    expect([...fold.files()].sort()).toEqual([
      "avatars/b.webp",
      "g1/2.jpeg",
      "g1/2.mid",
      "g1/2.mp3",
    ])
  })
})
