import { describe, expect, it } from "vitest"
import { deviceOf, placeOf, sessionKey } from "./session-descriptions.ts"

describe("a session as its owner's list names it", () => {
  it("says the browser and the system of common User-Agents, and plainly what it does not know", () => {
    const agents = {
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0":
        "Edge on Windows",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15":
        "Safari on macOS",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1":
        "Chrome on iOS",
      "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0 Mobile Safari/537.36":
        "Samsung Internet on Android",
      "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0": "Firefox on Linux",
      "curl/8.5.0": "Other device",
      "": "Unknown device",
    }
    for (const [agent, device] of Object.entries(agents)) expect(deviceOf(agent)).toBe(device)
  })

  it("places an address on this computer, a local network, or shows the public address", () => {
    expect(placeOf("127.0.0.1")).toBe("This computer")
    expect(placeOf("::1")).toBe("This computer")
    expect(placeOf("::ffff:192.168.1.20")).toBe("Local network")
    expect(placeOf("172.20.0.4")).toBe("Local network")
    expect(placeOf("172.32.0.4")).toBe("172.32.0.4")
    expect(placeOf("203.0.113.9")).toBe("203.0.113.9")
    expect(placeOf("not an address")).toBe("Unknown place")
  })

  it("keys a session by something that cannot be used to sign in as it", () => {
    const sid = "a-stored-session-id"
    expect(sessionKey(sid)).not.toContain(sid)
    expect(sessionKey(sid)).toBe(sessionKey(sid))
    expect(sessionKey(sid)).not.toBe(sessionKey(`${sid}2`))
  })
})
