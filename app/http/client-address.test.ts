import { describe, expect, it } from "vitest"
import { clientAddressOf, isFromThisMachine, parseTrustedProxies } from "./client-address.ts"

const behind = (trust: string) => {
  const trusted = parseTrustedProxies(trust)
  if (trusted === undefined) throw new Error(`not a TRUST_PROXY value: ${trust}`)
  return clientAddressOf(trusted)
}

describe("TRUST_PROXY", () => {
  it("reads no proxy, hop counts and proxy addresses, and refuses anything else", () => {
    expect(parseTrustedProxies("false")).toEqual({ _tag: "None" })
    expect(parseTrustedProxies("0")).toEqual({ _tag: "None" })
    expect(parseTrustedProxies("true")).toEqual({ _tag: "Hops", hops: 1 })
    expect(parseTrustedProxies("2")).toEqual({ _tag: "Hops", hops: 2 })
    expect(parseTrustedProxies("10.0.0.0/8, 192.168.1.7,::1")).toEqual({
      _tag: "Addresses",
      addresses: ["10.0.0.0/8", "192.168.1.7", "::1"],
    })
    for (const bad of ["yes", "10.0.0.0/33", "caddy", "1.2.3.4/8/9", "-1"]) {
      expect(parseTrustedProxies(bad)).toBeUndefined()
    }
  })
})

describe("the client's address", () => {
  it("is the connection's peer when no proxy is trusted, whatever the headers say", () => {
    const client = behind("false")("203.0.113.9", {
      "x-forwarded-for": "198.51.100.1",
      "x-forwarded-proto": "https",
    })
    expect(client).toEqual({ address: "203.0.113.9", scheme: undefined })
  })

  it("is taken from the right behind one hop, so an entry the client wrote itself is ignored", () => {
    const oneHop = behind("1")
    expect(oneHop("172.18.0.5", { "x-forwarded-for": "198.51.100.1" }).address).toBe("198.51.100.1")
    // The client sent "X-Forwarded-For: 1.1.1.1"; the proxy appended the address it saw.
    expect(oneHop("172.18.0.5", { "x-forwarded-for": "1.1.1.1, 198.51.100.1" }).address).toBe(
      "198.51.100.1",
    )
    expect(oneHop("172.18.0.5", {}).address).toBe("172.18.0.5")
  })

  it("walks back exactly as many hops as are trusted", () => {
    const twoHops = behind("2")
    expect(
      twoHops("10.0.0.2", { "x-forwarded-for": "1.1.1.1, 198.51.100.1, 10.0.0.1" }).address,
    ).toBe("198.51.100.1")
  })

  it("behind listed proxies, is the first address from the right that is not one of them", () => {
    const listed = behind("10.0.0.0/8,::1")
    expect(
      listed("10.0.0.2", { "x-forwarded-for": "1.1.1.1, 198.51.100.1, 10.0.0.1" }).address,
    ).toBe("198.51.100.1")
    // A peer that is not a listed proxy is the client, and its headers are its own word.
    expect(listed("203.0.113.9", { "x-forwarded-for": "10.0.0.1" })).toEqual({
      address: "203.0.113.9",
      scheme: undefined,
    })
    expect(listed("::ffff:10.0.0.2", { "x-forwarded-for": "::ffff:198.51.100.1" }).address).toBe(
      "198.51.100.1",
    )
  })

  it("takes the scheme from the nearest trusted proxy only", () => {
    expect(behind("1")("172.18.0.5", { "x-forwarded-proto": "http, https" }).scheme).toBe("https")
    expect(behind("1")("172.18.0.5", { "x-forwarded-proto": "gopher" }).scheme).toBeUndefined()
  })

  it("does not follow a proxy's report past something that is not an address", () => {
    expect(behind("2")("10.0.0.2", { "x-forwarded-for": "198.51.100.1, unknown" }).address).toBe(
      "10.0.0.2",
    )
  })
})

describe("a request from this machine", () => {
  it("comes from loopback with no proxy in between", () => {
    expect(isFromThisMachine("127.0.0.1", {})).toBe(true)
    expect(isFromThisMachine("::1", {})).toBe(true)
    expect(isFromThisMachine("::ffff:127.0.0.1", {})).toBe(true)
    expect(isFromThisMachine("203.0.113.9", {})).toBe(false)
    expect(isFromThisMachine(undefined, {})).toBe(false)
    for (const header of ["x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-host"]) {
      expect(isFromThisMachine("127.0.0.1", { [header]: "127.0.0.1" })).toBe(false)
    }
  })
})
