import { register } from "../support/accounts.ts"
import { buyPack } from "../support/purchases.ts"

/** What the soak's people do, and how often: browse most, generate least (a render takes a core). */
const actions = [
  ["browse", 50],
  ["like", 15],
  ["play", 20],
  ["export", 6],
  ["pay", 2],
  ["generate", 1],
] as const

export type Action = (typeof actions)[number][0]

const total = actions.reduce((sum, [, weight]) => sum + weight, 0)

export const pickAction = (): Action => {
  let roll = Math.random() * total
  for (const [action, weight] of actions) {
    roll -= weight
    if (roll < 0) return action
  }
  return "browse"
}

/** The soak's tally: answers by kind. An error is a 5xx or no answer; a refusal a 4xx. */
export interface Tally {
  ok: number
  refused: number
  errors: number
  readonly byAction: Map<string, number>
  /** Refusals by action and status: `like 404`. */
  readonly refusals: Map<string, number>
  readonly lastErrors: Array<string>
}

export const newTally = (): Tally => ({
  ok: 0,
  refused: 0,
  errors: 0,
  byAction: new Map(),
  refusals: new Map(),
  lastErrors: [],
})

/** A person of the soak: their session. */
export interface Person {
  readonly cookie: string
  readonly username: string
}

const pick = <A>(items: ReadonlyArray<A>) => items[Math.floor(Math.random() * items.length)]!

/**
 * One person's turn: an action against the server, counted. `songs` are the public songs they may like,
 * play and export; `own` is a song they may export as theirs.
 */
export const act = async (
  base: string,
  person: Person,
  songs: ReadonlyArray<string>,
  tally: Tally,
) => {
  const action = pickAction()
  const headers = {
    "content-type": "application/json",
    origin: base,
    cookie: person.cookie,
  }
  const send = (path: string, init: RequestInit = {}) =>
    fetch(`${base}${path}`, { ...init, headers, signal: AbortSignal.timeout(60_000) })
  const song = pick(songs)
  tally.byAction.set(action, (tally.byAction.get(action) ?? 0) + 1)
  try {
    const answer = await (async () => {
      switch (action) {
        case "browse":
          return send(
            pick([
              "/api/songs/public?limit=20&offset=0",
              "/api/songs/trending?limit=20&offset=0",
              "/api/songs/newest?limit=20&offset=0",
              `/api/songs/${song}`,
              "/api/search?q=song&limit=20",
            ]),
          )
        case "like":
          return send(`/api/songs/${song}/like`, {
            method: Math.random() < 0.7 ? "POST" : "DELETE",
          })
        case "play":
          return send(`/api/songs/${song}/plays`, { method: "POST", body: "{}" })
        case "export":
          return send(`/api/songs/${song}/audio?download=1`)
        case "pay":
          await buyPack(base, person.cookie)
          return new Response(null, { status: 200 })
        case "generate":
          return send("/api/generate-song", {
            method: "POST",
            body: JSON.stringify({
              title: `Soaked ${Date.now()}`,
              style: "Pop, upbeat",
              lyrics: "[Verse 1]\nA short song for the soak\n[Chorus]\nStill standing",
            }),
          })
      }
    })()
    await answer.arrayBuffer()
    if (answer.status >= 500) {
      tally.errors++
      tally.lastErrors.splice(0, tally.lastErrors.length - 9, `${action} ${answer.status}`)
    } else if (answer.status >= 400) {
      tally.refused++
      const key = `${action} ${answer.status}`
      tally.refusals.set(key, (tally.refusals.get(key) ?? 0) + 1)
    } else tally.ok++
  } catch (error) {
    tally.errors++
    tally.lastErrors.splice(0, tally.lastErrors.length - 9, `${action} ${String(error)}`)
  }
}

/** `count` people, signed up and signed in. */
export const signUpPeople = async (base: string, count: number, prefix: string) => {
  const people: Array<Person> = []
  for (let start = 0; start < count; start += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, count - start) }, async (_, i) => {
        const username = `${prefix}-${start + i}`
        const { cookie } = await register(base, username)
        return { cookie, username }
      }),
    )
    people.push(...batch)
  }
  return people
}
