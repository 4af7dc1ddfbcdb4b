import type { Page } from "@playwright/test"
import { newPerson, registerVerified, seedGeneration, skipSplash } from "./support.ts"

/**
 * A song seeded for the person signed in on `page` (`username`), made public from their browser: its id
 * and title.
 */
export const publishedSong = async (page: Page, username: string, title: string, style: string) => {
  await seedGeneration(username, title, style, 1)
  return page.evaluate(async (title) => {
    // The library has the song once the catalog has read the seeded event: a moment later.
    let song: { id: string; title: string } | undefined
    for (let attempt = 0; attempt < 100 && song === undefined; attempt++) {
      const songs = (await (await fetch("/api/songs/my-songs")).json()) as Array<{
        id: string
        title: string
      }>
      song = songs.find((s) => s.title === `${title} (Version 1)`)
      if (song === undefined) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    if (song === undefined) throw new Error("the seeded song never reached the library")
    await fetch(`/api/songs/${song.id}/privacy`, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ isPublic: true }),
    })
    return { id: song.id, title: song.title }
  }, title)
}

/** One public song, made by a new person signed in on `page`: its id and title, and its maker's username. */
export const sharedSong = async (page: Page) => {
  const maker = newPerson("drawn")
  await skipSplash(page)
  await registerVerified(page, maker)
  const title = `Paper Lanterns ${maker.username.slice(-4)}`
  const song = await publishedSong(
    page,
    maker.username,
    title,
    "Folk, warm male vocals, acoustic guitar",
  )
  return { ...song, username: maker.username }
}
