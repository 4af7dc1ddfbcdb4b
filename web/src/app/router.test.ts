import { QueryClient } from "@tanstack/react-query"
import { afterEach, describe, expect, it, vi } from "vitest"
import { loadPageAt } from "./router.tsx"

const requested: Array<string> = []

/** The server as the loaders meet it: a visitor without a session, and reads that never answer. */
const stubServer = () => {
  requested.length = 0
  vi.stubGlobal(
    "fetch",
    vi.fn((url: string) => {
      requested.push(url)
      return url === "/api/session"
        ? Promise.resolve(new Response(JSON.stringify({ user: null })))
        : new Promise<Response>(() => undefined)
    }),
  )
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50))

describe("a route's loader", () => {
  afterEach(() => vi.unstubAllGlobals())

  it("asks for a public page's data as its code starts to load", async () => {
    stubServer()
    loadPageAt("/song/a-song", new QueryClient())
    loadPageAt("/timeline", new QueryClient())
    await settle()
    expect(requested).toEqual(["/api/songs/a-song", "/api/songs/public?limit=20&offset=0"])
  })

  it("asks nothing of a signed-in page for a visitor but who is signed in", async () => {
    stubServer()
    loadPageAt("/library", new QueryClient())
    loadPageAt("/credits", new QueryClient())
    await settle()
    expect(requested).toEqual(["/api/session", "/api/session"])
  })
})
