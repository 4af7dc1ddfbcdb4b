import { register } from "../support/accounts.ts"
import { buyPack } from "../support/purchases.ts"

/** A creator of the benchmark: signed in and verified, so they may generate. */
export interface Creator {
  readonly cookie: string
  readonly username: string
}

const ask = (base: string, cookie: string, path: string, body?: unknown) =>
  fetch(`${base}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", origin: base, cookie },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })

/**
 * Signs up, verifies from the mailed link (the mailbox answers locally; a worker sends the mail) and buys
 * a pack of credits.
 */
export const verifiedCreator = async (base: string, username: string): Promise<Creator> => {
  const { cookie } = await register(base, username)
  for (let attempt = 0; attempt < 300; attempt++) {
    const answer = await ask(base, cookie, "/api/dev/mailbox")
    if (!answer.ok) throw new Error(`the development mailbox answered ${answer.status}`)
    const mailbox = (await answer.json()) as {
      messages: ReadonlyArray<{ to: string; links: ReadonlyArray<string> }>
    }
    const link = mailbox.messages
      .find((message) => message.to === `${username}@bench.test`)
      ?.links.find((l) => l.includes("/verify-email?token="))
    if (link !== undefined) {
      await ask(base, cookie, `/api/verify-email${new URL(link).search}`)
      await buyPack(base, cookie)
      return { cookie, username }
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`no verification mail for ${username}`)
}

/** Asks for a song; its generation id. */
export const requestSong = async (base: string, creator: Creator, n: number) => {
  const answer = await ask(base, creator.cookie, "/api/generate-song", {
    title: `Rendered ${n}`,
    style: "Pop, upbeat, female vocals",
    lyrics: `[Verse 1]\nSong ${n} plays while the timeline answers\n[Chorus]\nEvery page on time`,
  })
  if (!answer.ok) throw new Error(`generate-song: ${answer.status} ${await answer.text()}`)
  return ((await answer.json()) as { taskId: string }).taskId
}

/** Waits until the generation is done; false if it failed. */
export const songDone = async (base: string, creator: Creator, taskId: string) => {
  for (;;) {
    const answer = await ask(base, creator.cookie, `/api/check-song-status?taskId=${taskId}`)
    const { phase } = (await answer.json()) as { phase: string }
    if (phase === "done") return true
    if (phase === "failed") return false
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/** The creator's newest song's id. */
export const newestSong = async (base: string, creator: Creator) => {
  const answer = await ask(base, creator.cookie, "/api/songs/my-songs")
  const songs = (await answer.json()) as ReadonlyArray<{ id: string }>
  if (songs[0] === undefined) throw new Error(`${creator.username} has no song`)
  return songs[0].id
}

/** Asks for a video of the song. */
export const requestVideo = async (base: string, creator: Creator, songId: string) => {
  const answer = await ask(base, creator.cookie, "/api/videos/generate", {
    format: "tiktok",
    songId,
  })
  if (!answer.ok) throw new Error(`videos/generate: ${answer.status} ${await answer.text()}`)
}
