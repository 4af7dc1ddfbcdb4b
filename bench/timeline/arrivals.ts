import { type Request, type Sent, steadily } from "./steady.ts"
import { popular, type World } from "./world.ts"

/** What arrived while a scenario ran: its plays and its likes, each with how long it took. */
export interface Arrived {
  readonly plays: Sent
  readonly likes: Sent
}

const byte = () => Math.floor(Math.random() * 256)

/**
 * Plays and likes arriving as people make them, over HTTP, at `plays` and `likes` a second: plays by
 * visitors (each a browser of its own, behind an address of its own, as the proxy in front says), likes and unlikes by the signed-in listeners, of the songs the
 * world's catalog holds. Stopping answers what each took.
 */
export const arrive = (
  base: string,
  world: World,
  rates: { readonly plays: number; readonly likes: number },
) => {
  const stopPlays = steadily(base, rates.plays, (): Request => {
    const songId = popular(world.heard)
    return {
      method: "POST",
      path: `/api/songs/${songId}/plays`,
      headers: {
        "user-agent": `Mozilla/5.0 (bench visitor ${Math.floor(Math.random() * 1e9)})`,
        "x-forwarded-for": `10.${byte()}.${byte()}.${byte()}`,
      },
    }
  })
  const liked = new Set<string>()
  const stopLikes = steadily(base, rates.likes, (): Request => {
    const songId = popular(world.heard)
    const listener = world.listeners[Math.floor(Math.random() * world.listeners.length)]!
    const key = `${listener.userId} ${songId}`
    const unlike = liked.has(key)
    if (unlike) liked.delete(key)
    else liked.add(key)
    return {
      method: unlike ? "DELETE" : "POST",
      path: `/api/songs/${songId}/like`,
      headers: { cookie: listener.cookie },
    }
  })
  return async (): Promise<Arrived> => {
    const [plays, likes] = await Promise.all([stopPlays(), stopLikes()])
    return { plays, likes }
  }
}
