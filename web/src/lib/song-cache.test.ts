import { type InfiniteData, QueryClient } from "@tanstack/react-query"
import { describe, expect, it } from "vitest"
import { PublicSongs, SongView } from "#projections/songs/api.ts"
import { applySongSettings, songKeys, updateSongEverywhere } from "./song-cache.ts"

const song = (id: string) =>
  new SongView({
    id,
    userId: "u1",
    title: `Song ${id}`,
    audioUrl: `/api/songs/${id}/audio`,
    streamAudioUrl: `/api/songs/${id}/audio`,
    imageUrl: null,
    sourceImageUrl: null,
    duration: 30_000,
    isPublic: true,
    style: "Pop",
    lyrics: "",
    createdAt: new Date("2026-11-20T10:00:00Z"),
    taskId: null,
    origin: null,
    likes: 2,
    plays: 0,
    comments: 0,
    liked: false,
    midiUrl: null,
    partsShared: false,
    lrcUrl: null,
    creator: { username: "ada" },
    hidden: null,
  })

/** Every screen's cache holding song "a" beside song "b". */
const cached = () => {
  const client = new QueryClient()
  client.setQueryData(songKeys.mine, [song("a"), song("b")])
  client.setQueryData(songKeys.liked, [song("a")])
  client.setQueryData<InfiniteData<PublicSongs>>(songKeys.public, {
    pages: [new PublicSongs({ songs: [song("b"), song("a")], total: 2, snapshot: 1 })],
    pageParams: [0],
  })
  client.setQueryData(songKeys.one("a"), song("a"))
  client.setQueryData(songKeys.one("b"), song("b"))
  return client
}

const everyCopyOf = (client: QueryClient, id: string) =>
  client
    .getQueriesData<unknown>({ queryKey: songKeys.all })
    .flatMap(([, data]): ReadonlyArray<SongView> => {
      if (Array.isArray(data)) return data
      if (typeof data === "object" && data !== null && "pages" in data)
        return (data as InfiniteData<PublicSongs>).pages.flatMap((page) => page.songs)
      return [data as SongView]
    })
    .filter((view) => view.id === id)

describe("the song caches", () => {
  it("a change to one song reaches every screen that shows it, and only that song", () => {
    const client = cached()
    const revert = updateSongEverywhere(client, "a", (view) => ({ ...view, liked: true }))
    expect(everyCopyOf(client, "a").map((view) => view.liked)).toEqual([true, true, true, true])
    expect(everyCopyOf(client, "b").map((view) => view.liked)).toEqual([false, false, false])
    revert()
    expect(everyCopyOf(client, "a").map((view) => view.liked)).toEqual([false, false, false, false])
  })

  it("an owner's write leaves its settings on every copy", () => {
    const client = cached()
    applySongSettings(client, { id: "b", isPublic: false, partsShared: true })
    for (const view of everyCopyOf(client, "b")) {
      expect(view).toMatchObject({ isPublic: false, partsShared: true, likes: 2 })
    }
  })
})
