import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { parseTrustedProxies } from "./http/client-address.ts"

const compose = readFileSync(join(import.meta.dirname, "..", "docker-compose.yml"), "utf8")

/** The environment of the app service, read from the file's first replica (the others reuse it). */
const appEnvironment = () => {
  const block = compose.slice(compose.indexOf("  app-1:"), compose.indexOf("  app-2:"))
  return Object.fromEntries(
    [...block.matchAll(/^ {6}([A-Z_]+): "?([^"\n]*)"?$/gm)].map(([, name, value]) => [name, value]),
  )
}

describe("the compose deployment", () => {
  it("sends mail over SMTP to its own mail catcher, so no development mailbox is reachable", () => {
    expect(appEnvironment().SMTP_URL).toBe("smtp://mailpit:1025")
    expect(compose).toMatch(/^ {2}mailpit:\n {4}image: axllent\/mailpit:/m)
    // The catcher's inbox is published on this machine's loopback only.
    expect(compose).toContain('- "127.0.0.1:8025:8025"')
  })

  it("trusts exactly the one proxy in front of the replicas", () => {
    expect(compose).toMatch(/image: caddy:2\n {4}command: caddy reverse-proxy/)
    expect(parseTrustedProxies(appEnvironment().TRUST_PROXY ?? "")).toEqual({
      _tag: "Hops",
      hops: 1,
    })
  })
})
