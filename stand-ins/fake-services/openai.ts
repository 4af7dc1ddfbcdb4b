import { randomBytes } from "node:crypto"
import { createServer, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { text } from "node:stream/consumers"
import { secretEquals } from "#toolkit/secret-equals.ts"
import {
  type FlaggedPhrase,
  type ModerationCategory,
  moderationAnswer,
  type RecordedModeration,
} from "./openai-moderations.ts"

/**
 * A local OpenAI for tests: it speaks `POST /v1/chat/completions` as the real service does (bearer key,
 * JSON body, the completion shape or, asked with `stream: true`, chunks as Server-Sent Events ending in
 * `[DONE]`, OpenAI's error shape), and `POST /v1/moderations` (openai-moderations.ts), so the official
 * client runs for real. Each completion takes the next scripted behaviour; with none left it answers a
 * plain "none" reply. Each moderation takes the next of its own script's failures, and otherwise flags
 * the phrases marked with `flag`.
 */

/** A streamed answer sends its first half, then waits for `hold` before the rest. */
type Held = { readonly hold?: Promise<void> }

export type Behaviour =
  /** A completion whose content is this object as JSON. */
  | ({ readonly kind: "json"; readonly content: unknown } & Held)
  /** A completion whose content is this text verbatim (malformed JSON, say). */
  | ({ readonly kind: "text"; readonly content: string } & Held)
  /** An error status with OpenAI's error body. */
  | {
      readonly kind: "status"
      readonly status: number
      readonly message: string
      readonly code?: string
    }
  /** No answer for this long (the client's timeout should fire first). */
  | { readonly kind: "hang"; readonly ms: number }

export interface RecordedCompletion {
  readonly authorization: string | undefined
  readonly body: {
    readonly model: string
    readonly stream?: boolean
    readonly response_format?: {
      readonly type: string
      readonly json_schema?: {
        readonly name: string
        readonly strict: boolean
        readonly schema: unknown
      }
    }
    readonly messages: ReadonlyArray<{ readonly role: string; readonly content: string }>
  }
}

/** An answer as OpenAI streams it: a chunk per few characters, then the finish and `[DONE]`. */
const streamAnswer = async (
  res: ServerResponse,
  model: string,
  content: string,
  hold: Promise<void> | undefined,
) => {
  const id = `chatcmpl-${randomBytes(8).toString("hex")}`
  const created = Math.floor(Date.now() / 1000)
  const send = (delta: object, finish: string | null) =>
    res.write(
      `data: ${JSON.stringify({
        id,
        object: "chat.completion.chunk",
        created,
        model,
        choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
      })}\n\n`,
    )
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" })
  send({ role: "assistant", content: "" }, null)
  const pieces = content.match(/[\s\S]{1,6}/g) ?? []
  const half = Math.ceil(pieces.length / 2)
  for (const [i, piece] of pieces.entries()) {
    if (i === half) await hold
    send({ content: piece }, null)
  }
  send({}, "stop")
  res.end("data: [DONE]\n\n")
}

export const startFakeOpenAi = async () => {
  const apiKey = `sk-test-${randomBytes(12).toString("hex")}`
  const script: Array<Behaviour> = []
  const requests: Array<RecordedCompletion> = []
  const moderationScript: Array<Exclude<Behaviour, { kind: "json" | "text" }>> = []
  const moderations: Array<RecordedModeration> = []
  const flagged: Array<FlaggedPhrase> = []
  const hanging = new Set<NodeJS.Timeout>()

  const server = createServer(async (req, res) => {
    const raw = await text(req)
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" })
      res.end(JSON.stringify(body))
    }
    const known = req.url === "/v1/chat/completions" || req.url === "/v1/moderations"
    if (req.method !== "POST" || !known) {
      json(404, { error: { message: "Not found", type: "invalid_request_error" } })
      return
    }
    const moderation = req.url === "/v1/moderations"
    const authorization = req.headers.authorization
    if (moderation) moderations.push({ authorization, body: JSON.parse(raw) })
    else requests.push({ authorization, body: JSON.parse(raw) })
    if (!secretEquals(authorization ?? "", `Bearer ${apiKey}`)) {
      json(401, {
        error: {
          message: "Incorrect API key provided.",
          type: "invalid_request_error",
          code: "invalid_api_key",
        },
      })
      return
    }
    if (moderation && moderationScript.length === 0) {
      json(200, moderationAnswer(JSON.parse(raw), flagged))
      return
    }
    const body = JSON.parse(raw) as RecordedCompletion["body"]
    const behaviour = (moderation ? moderationScript.shift() : script.shift()) ?? {
      kind: "json",
      content: { message: "Tell me more about your song.", action: { type: "none", data: {} } },
    }
    switch (behaviour.kind) {
      case "hang": {
        const timer = setTimeout(() => {
          hanging.delete(timer)
          json(504, { error: { message: "too late", type: "server_error" } })
        }, behaviour.ms)
        hanging.add(timer)
        return
      }
      case "status":
        json(behaviour.status, {
          error: { message: behaviour.message, type: "server_error", code: behaviour.code ?? null },
        })
        return
      case "json":
      case "text": {
        const content =
          behaviour.kind === "json" ? JSON.stringify(behaviour.content) : behaviour.content
        if (body.stream) {
          await streamAnswer(res, body.model, content, behaviour.hold)
          return
        }
        json(200, {
          id: `chatcmpl-${randomBytes(8).toString("hex")}`,
          object: "chat.completion",
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [
            {
              index: 0,
              message: { role: "assistant", content, refusal: null },
              finish_reason: "stop",
              logprobs: null,
            },
          ],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        })
      }
    }
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    /** What to give the client as its base URL. */
    url: `${base}/v1`,
    apiKey,
    /** What the app reads to talk to this server: its address and key, and no retries. */
    env: { OPENAI_API_KEY: apiKey, OPENAI_BASE_URL: `${base}/v1`, OPENAI_MAX_RETRIES: "0" },
    requests,
    /** The next requests' behaviours, in order. */
    script: (...behaviours: ReadonlyArray<Behaviour>) => {
      script.push(...behaviours)
    },
    /** The moderation requests received, in order. */
    moderations,
    /** Texts holding `phrase` (case aside) are flagged for `categories`. */
    flag: (phrase: string, ...categories: ReadonlyArray<ModerationCategory>) => {
      flagged.push({ phrase, categories })
    },
    /** How the next moderation requests fail, in order, before it answers again. */
    failModerations: (
      ...behaviours: ReadonlyArray<Exclude<Behaviour, { kind: "json" | "text" }>>
    ) => {
      moderationScript.push(...behaviours)
    },
    reset: () => {
      script.length = 0
      requests.length = 0
      moderationScript.length = 0
      moderations.length = 0
      flagged.length = 0
    },
    close: () => {
      for (const timer of hanging) clearTimeout(timer)
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>
