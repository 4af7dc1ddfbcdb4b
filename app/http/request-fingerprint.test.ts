import { describe, expect, it } from "vitest"
import { requestFingerprint } from "./request-fingerprint.ts"

const bytes = (text: string) => new TextEncoder().encode(text)
const body = bytes('{"title":"Tide","style":"pop"}')

describe("a request's fingerprint", () => {
  it("is the same for the same method, path and body bytes", () => {
    expect(requestFingerprint("POST", "/api/generate-song", body)).toBe(
      requestFingerprint("post", "/api/generate-song", bytes('{"title":"Tide","style":"pop"}')),
    )
  })

  it("differs when the body differs by one byte, even in spacing", () => {
    const same = requestFingerprint("POST", "/api/generate-song", body)
    expect(
      requestFingerprint("POST", "/api/generate-song", bytes('{"title":"Tide","style":"rap"}')),
    ).not.toBe(same)
    expect(
      requestFingerprint("POST", "/api/generate-song", bytes('{"title": "Tide","style":"pop"}')),
    ).not.toBe(same)
  })

  it("differs by path, query and method", () => {
    const same = requestFingerprint("POST", "/api/songs/a/extend", body)
    expect(requestFingerprint("POST", "/api/songs/b/extend", body)).not.toBe(same)
    expect(requestFingerprint("POST", "/api/songs/a/extend?x=1", body)).not.toBe(same)
    expect(requestFingerprint("PUT", "/api/songs/a/extend", body)).not.toBe(same)
  })

  it("tells an empty body from a missing path segment: the parts cannot run into each other", () => {
    expect(requestFingerprint("POST", "/api/a", bytes("b"))).not.toBe(
      requestFingerprint("POST", "/api/ab", bytes("")),
    )
  })

  it("is a hex SHA-256, the size the table keeps whatever the body's size", () => {
    expect(requestFingerprint("POST", "/api/generate-song", new Uint8Array(64 * 1024))).toMatch(
      /^[0-9a-f]{64}$/,
    )
  })
})
