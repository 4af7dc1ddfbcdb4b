import { describe, expect, it } from "vitest"
import { newRecoveryCodes, recoveryCodeHash, stepOf } from "./one-time-codes.ts"

// RFC 6238's SHA-1 test secret ("12345678901234567890"), in Base32; its table gives eight digits, of
// which authenticator apps show the last six.
const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"

describe("a code from an authenticator app", () => {
  it("is the RFC's at each of its test times, with its time step", () => {
    expect(stepOf(secret, "287082", 59, undefined)).toBe(1)
    expect(stepOf(secret, "081804", 1111111109, undefined)).toBe(37037036)
    expect(stepOf(secret, "050471", 1111111111, undefined)).toBe(37037037)
    expect(stepOf(secret, "005924", 1234567890, undefined)).toBe(41152263)
  })

  it("counts from the step before or after, and not further", () => {
    expect(stepOf(secret, "005924", 1234567890 + 30, undefined)).toBe(41152263)
    expect(stepOf(secret, "005924", 1234567890 - 30, undefined)).toBe(41152263)
    expect(stepOf(secret, "005924", 1234567890 + 90, undefined)).toBeUndefined()
  })

  it("works once: not at a step already used, nor before it", () => {
    expect(stepOf(secret, "005924", 1234567890, 41152263)).toBeUndefined()
    expect(stepOf(secret, "005924", 1234567890, 41152262)).toBe(41152263)
  })

  it("is six digits, and anything else is not a code", () => {
    for (const typed of ["", "00592", "0059245", "abcdef", " 005924"])
      expect(stepOf(secret, typed, 1234567890, undefined)).toBeUndefined()
  })
})

describe("recovery codes", () => {
  it("are ten, different, and read the same whatever the case, spaces or dash", () => {
    const codes = newRecoveryCodes()
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
    const [code] = codes as [string]
    expect(recoveryCodeHash(code.toUpperCase().replace("-", " "))).toBe(recoveryCodeHash(code))
    expect(recoveryCodeHash(codes[1]!)).not.toBe(recoveryCodeHash(code))
  })
})
