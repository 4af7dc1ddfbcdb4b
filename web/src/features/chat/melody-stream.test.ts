import { createServer, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, describe, expect, it } from "vitest"
import type { ChatTurnResult } from "#modules/songwriting/api.ts"
import { sendToMelody } from "./melody-stream.ts"

const turn: typeof ChatTurnResult.Encoded = {
  message: "Country it is!",
  action: { type: "none", data: {} },
  songInfo: { title: "", description: "", style: "", lyrics: "", stage: "initial" },
  messages: [
    {
      id: "m1",
      role: "assistant",
      content: "Country it is!",
      showSongGeneration: false,
      createdAt: "2026-11-27T10:00:00.000Z",
    },
  ],
}

const sse = (res: ServerResponse, event: string, data: unknown) =>
  res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)

/** What the server answers next, and a gate its second half waits at (opened by the test). */
let answer: (res: ServerResponse) => Promise<void> = async () => {}
let open = () => {}
const gate = () =>
  new Promise<void>((resolve) => {
    open = resolve
  })

// The chat's stream as the server speaks it, on a local port.
const server = createServer((_req, res) => void answer(res))
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
afterAll(() => new Promise((resolve) => server.close(resolve)))

const streaming = (res: ServerResponse) =>
  res.writeHead(200, { "content-type": "text/event-stream" })

describe("a message to Melody, her answer heard as she writes it", () => {
  it("hands over each piece as it comes, then the recorded turn, decoded", async () => {
    answer = async (res) => {
      streaming(res)
      sse(res, "words", { words: "Country " })
      await gate()
      sse(res, "words", { words: "it is!" })
      sse(res, "turn", turn)
      res.end()
    }
    const heard: Array<string> = []
    const sent = sendToMelody(
      "Country, please",
      (words) => {
        heard.push(words)
        // The first piece arrived while the rest was held back.
        if (heard.length === 1) open()
      },
      base,
    )
    const result = await sent
    expect(heard).toEqual(["Country ", "it is!"])
    expect(result.message).toBe("Country it is!")
    expect(result.messages[0]?.createdAt).toEqual(new Date("2026-11-27T10:00:00.000Z"))
  })

  it("rejects with the server's refusal, before or during the stream", async () => {
    answer = async (res) => {
      res.writeHead(429, { "content-type": "application/json" })
      res.end(
        JSON.stringify({
          _tag: "TooManyRequests",
          message: "Too many attempts.",
          retryAfterSeconds: 60,
        }),
      )
    }
    await expect(sendToMelody("Hi", () => {}, base)).rejects.toMatchObject({
      _tag: "TooManyRequests",
      message: "Too many attempts.",
    })
    answer = async (res) => {
      streaming(res)
      sse(res, "refused", { _tag: "ModelUnavailable", message: "Failed to get AI response." })
      res.end()
    }
    await expect(sendToMelody("Hi", () => {}, base)).rejects.toMatchObject({
      _tag: "ModelUnavailable",
    })
  })

  it("an answer that breaks off, or a server out of reach, is the API unavailable", async () => {
    answer = async (res) => {
      streaming(res)
      sse(res, "words", { words: "Half" })
      res.end()
    }
    await expect(sendToMelody("Hi", () => {}, base)).rejects.toMatchObject({
      _tag: "ApiUnavailable",
      message: "Melody's answer broke off. Please try again.",
    })
    await expect(sendToMelody("Hi", () => {}, "http://127.0.0.1:9")).rejects.toMatchObject({
      _tag: "ApiUnavailable",
    })
  })
})
