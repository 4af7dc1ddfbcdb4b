import { randomBytes } from "node:crypto"
import { createServer, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { text } from "node:stream/consumers"
import { secretEquals } from "#toolkit/secret-equals.ts"
import { callback, deliverCallbacks } from "./music-api-callbacks.ts"
import { alignedWordsOf } from "./music-api-lyrics.ts"
import {
  type EditPath,
  editRefusal,
  edits,
  generateRefusal,
  personaRefusal,
  unknownPersona,
} from "./music-api-requests.ts"
import { makeFakeSeparations } from "./music-api-stems.ts"
import {
  answer,
  type FakeMusicApiOptions,
  type FakeTask,
  post,
  reached,
  send,
  sendLive,
  type TaskPlan,
  tiny,
} from "./music-api-tasks.ts"

/**
 * A local Suno-style music API for tests: the sunoapi.org envelope (`{ code, msg, data }`, refusals with
 * HTTP 200), bearer keys, the generate request's rules, tasks of two songs that move through PENDING,
 * TEXT_SUCCESS, FIRST_SUCCESS (track 0 done, track 1 only streaming) and SUCCESS on a timeline,
 * snake_case callbacks, file links that expire, and whatever failure a test plans for its next task.
 */

export const startFakeMusicApi = async (options: FakeMusicApiOptions) => {
  const tasks = new Map<string, FakeTask>()
  const fileIssuedAt = new Map<string, { at: number; lifetimeMs: number }>()
  const plans: Array<TaskPlan> = []
  const personas = new Set<string>()
  const refusals: Array<{ code: number; msg: string; http?: number }> = []
  const requests: Array<{ method: string; path: string }> = []
  const timers = new Set<NodeJS.Timeout>()
  let recordInfoCalls = 0

  const base = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const fileUrl = (task: FakeTask, id: string, extension: "mp3" | "jpeg") => {
    const name = `${Buffer.from(id).toString("base64url")}.${extension}`
    const lifetimeMs = task.plan.fileLifetimeMs ?? options.fileLifetimeMs ?? 60_000
    if (!fileIssuedAt.has(name)) fileIssuedAt.set(name, { at: Date.now(), lifetimeMs })
    return `${base()}/files/${name}`
  }

  const separations = makeFakeSeparations(tasks, (task, id) => fileUrl(task, id, "mp3"))

  const track = (task: FakeTask, index: 0 | 1, status: string, style: "camel" | "snake") => {
    const id = task.songIds[index]
    const done = status === "SUCCESS" || (status === "FIRST_SUCCESS" && index === 0)
    // The real service streams each track from TEXT_SUCCESS on, while it makes it.
    const streaming = done || status === "TEXT_SUCCESS" || status === "FIRST_SUCCESS"
    const fields = {
      id,
      audioUrl: done ? fileUrl(task, id, "mp3") : "",
      sourceAudioUrl: done ? fileUrl(task, id, "mp3") : "",
      streamAudioUrl: streaming ? `${base()}/stream/${id}` : "",
      sourceStreamAudioUrl: streaming ? `${base()}/stream/${id}` : "",
      imageUrl: done ? fileUrl(task, id, "jpeg") : "",
      sourceImageUrl: done ? `https://cdn2.suno.example/image_${id}.jpeg` : "",
      prompt: String(task.body.prompt ?? ""),
      modelName: "chirp-v4",
      title: String(task.body.title ?? ""),
      tags: String(task.body.style ?? task.body.tags ?? ""),
      createTime: task.createdAt,
      duration: status === "SUCCESS" ? (options.durationSeconds ?? 3.1 + index) : null,
    }
    if (style === "camel") return fields
    return Object.fromEntries(
      Object.entries(fields).map(([key, value]) => [
        key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
        value,
      ]),
    )
  }

  const tracksAt = (task: FakeTask, status: string, style: "camel" | "snake") =>
    status === "PENDING" || status === task.plan.failAt?.status
      ? []
      : [track(task, 0, status, style), track(task, 1, status, style)]

  const scheduleCallbacks = (task: FakeTask) =>
    deliverCallbacks(task, (status) => tracksAt(task, status, "snake"), timers)

  const generate = (body: Record<string, unknown>, response: ServerResponse) => {
    const refused = generateRefusal(body) ?? unknownPersona(body, personas)
    if (refused) return answer(response, refused.code, refused.msg)
    return start(body, "generate", response)
  }

  /** An operation on audio we fetch from `uploadUrl`, as the real API fetches it (451 when it cannot). */
  const edit = async (path: EditPath, body: Record<string, unknown>, response: ServerResponse) => {
    const refused = editRefusal(path, body) ?? unknownPersona(body, personas)
    if (refused) return answer(response, refused.code, refused.msg)
    const audio = await fetch(String(body.uploadUrl)).catch(() => undefined)
    if (!audio?.ok || (await audio.arrayBuffer()).byteLength === 0)
      return answer(response, 451, "Failed to fetch the audio file")
    return start(body, edits[path], response)
  }

  const start = (
    body: Record<string, unknown>,
    operationType: string,
    response: ServerResponse,
  ) => {
    const task: FakeTask = {
      taskId: randomBytes(16).toString("hex"),
      body,
      operationType,
      plan: plans.shift() ?? {},
      createdAt: Date.now(),
      songIds: [crypto.randomUUID(), crypto.randomUUID()],
      looks: 0,
    }
    tasks.set(task.taskId, task)
    scheduleCallbacks(task)
    return answer(response, 200, "success", { taskId: task.taskId })
  }

  const recordInfo = async (taskId: string, response: ServerResponse) => {
    recordInfoCalls++
    const task = tasks.get(taskId)
    if (!task) return answer(response, 400, "task not found")
    if (task.plan.slowAnswersMs) {
      await new Promise((resolve) => setTimeout(resolve, task.plan.slowAnswersMs))
    }
    task.looks += 1
    const status = reached(task)
    const failed = task.plan.failAt && status === task.plan.failAt.status
    return answer(response, 200, "success", {
      taskId,
      parentMusicId: "",
      param: JSON.stringify(task.body),
      response: status === "PENDING" ? null : { taskId, sunoData: tracksAt(task, status, "camel") },
      status,
      type: "chirp-v4",
      operationType: task.operationType,
      errorCode: failed ? (task.plan.failAt?.errorCode ?? 501) : null,
      errorMessage: failed ? "Generation failed, please retry." : null,
      createTime: task.createdAt,
    })
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://fake")
    requests.push({ method: request.method ?? "", path: url.pathname })
    if (url.pathname.startsWith("/files/")) {
      const name = url.pathname.slice("/files/".length)
      const issued = fileIssuedAt.get(name)
      if (issued === undefined || Date.now() - issued.at > issued.lifetimeMs) {
        response.writeHead(404).end()
        return
      }
      const isAudio = name.endsWith(".mp3")
      response.writeHead(200, { "content-type": isAudio ? "audio/mpeg" : "image/jpeg" })
      response.end(isAudio ? options.audio : (options.cover ?? tiny))
      return
    }
    if (url.pathname.startsWith("/stream/")) return sendLive(response, options.audio)
    if (!secretEquals(request.headers.authorization ?? "", `Bearer ${options.apiKey}`)) {
      return answer(response, 401, "Unauthorized access")
    }
    const editing = url.pathname in edits
    const posting = ["/api/v1/generate", "/api/v1/generate/generate-persona"]
    if (request.method === "POST" && (posting.includes(url.pathname) || editing)) {
      const raw = await text(request)
      let body: Record<string, unknown>
      try {
        body = JSON.parse(raw) as Record<string, unknown>
      } catch {
        return answer(response, 400, "Invalid JSON")
      }
      const refusal = refusals.shift()
      if (refusal) {
        if (refusal.http) return send(response, refusal.http, { error: refusal.msg })
        return answer(response, refusal.code, refusal.msg)
      }
      if (url.pathname === "/api/v1/generate/generate-persona") {
        const refused = personaRefusal(body, tasks)
        if (refused) return answer(response, refused.code, refused.msg)
        const personaId = randomBytes(16).toString("hex")
        personas.add(personaId)
        return answer(response, 200, "success", { personaId })
      }
      return editing ? edit(url.pathname as EditPath, body, response) : generate(body, response)
    }
    if (request.method === "POST" && url.pathname === "/api/v1/generate/get-timestamped-lyrics") {
      const asked = JSON.parse(await text(request)) as { taskId?: string; audioId?: string }
      const task = tasks.get(asked.taskId ?? "")
      const index = task?.songIds.indexOf(asked.audioId ?? "") ?? -1
      if (!task || index < 0 || reached(task) !== "SUCCESS")
        return answer(response, 400, "not found")
      const seconds = options.durationSeconds ?? 3.1 + index
      return answer(response, 200, "success", alignedWordsOf(task, seconds))
    }
    if (request.method === "POST" && url.pathname === "/api/v1/vocal-removal/generate") {
      const body = await text(request)
      return separations.start(JSON.parse(body || "{}") as Record<string, unknown>, response)
    }
    if (request.method === "GET" && url.pathname === "/api/v1/vocal-removal/record-info") {
      return separations.recordInfo(url.searchParams.get("taskId") ?? "", response)
    }
    if (request.method === "GET" && url.pathname === "/api/v1/generate/record-info") {
      return recordInfo(url.searchParams.get("taskId") ?? "", response)
    }
    return answer(response, 404, "Invalid request method or path")
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))

  return {
    url: base(),
    tasks,
    personas,
    requests,
    /** The vocal removals asked for, and how the next one goes (`separations.planNext`). */
    separations,
    recordInfoCalls: () => recordInfoCalls,
    /** How the next task created will go. */
    planNext: (plan: TaskPlan) => plans.push(plan),
    /** The next generate request is refused with this code (in the body), or this HTTP status. */
    refuseNext: (refusal: { code: number; msg: string; http?: number }) => refusals.push(refusal),
    /** Delivers a callback for a task now, as the music API would (tests replay them). */
    deliverCallback: (taskId: string, status: string) => {
      const task = tasks.get(taskId)!
      return post(
        String(task.body.callBackUrl),
        callback(task, status, (at) => tracksAt(task, at, "snake")),
      )
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer)
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export type FakeMusicApi = Awaited<ReturnType<typeof startFakeMusicApi>>
