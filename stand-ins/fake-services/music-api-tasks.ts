import type { ServerResponse } from "node:http"

/** The fake music API's tasks: how a test plans one, how it moves through its stages, how it answers. */

export type Stage = "TEXT_SUCCESS" | "FIRST_SUCCESS" | "SUCCESS"
export const stages: ReadonlyArray<Stage> = ["TEXT_SUCCESS", "FIRST_SUCCESS", "SUCCESS"]

export interface TaskPlan {
  /** When each stage is reached, in ms after the task is created. */
  readonly timings?: Readonly<Record<Stage, number>>
  /** The task fails instead of reaching this stage, with this status. */
  readonly failAt?: { readonly stage: Stage; readonly status: string; readonly errorCode?: number }
  /** The task never leaves PENDING. */
  readonly stuck?: boolean
  /**
   * Each look at the task finds it one stage further, whatever the time (`timings` is then unused): for a
   * test that must see every stage, however loaded the machine.
   */
  readonly stagePerLook?: boolean
  /** Each look at the task is answered this late (a slow music API: the step is in flight meanwhile). */
  readonly slowAnswersMs?: number
  /** This task's file links stop working this long after a stage gives them out (default: the server's). */
  readonly fileLifetimeMs?: number
  /** How callbacks arrive: each once, each twice, in reverse order at the end, or not at all. */
  readonly callbacks?: "once" | "twice" | "reversed" | "none"
}

export interface FakeTask {
  readonly taskId: string
  readonly body: Record<string, unknown>
  /** generate, upload_extend, upload_cover or replace_section. */
  readonly operationType: string
  readonly plan: TaskPlan
  readonly createdAt: number
  readonly songIds: readonly [string, string]
  /** How many times the task was looked at (record-info). */
  looks: number
}

export interface FakeMusicApiOptions {
  readonly apiKey: string
  /** The MP3 every track plays, and the cover every track shows. */
  readonly audio: Uint8Array
  readonly cover?: Uint8Array
  /** File links stop working this long after a stage gives them out. */
  readonly fileLifetimeMs?: number
  /** The duration finished tracks report, in seconds (default 3.1 and 4.1: short test tones). */
  readonly durationSeconds?: number
}

export const defaultTimings: Record<Stage, number> = {
  TEXT_SUCCESS: 50,
  FIRST_SUCCESS: 150,
  SUCCESS: 300,
}
export const models = ["V4", "V4_5", "V4_5PLUS", "V4_5ALL", "V5"]
export const tiny = Buffer.from("ffd8ffe000104a464946", "hex")

export const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { "content-type": "application/json" })
  response.end(JSON.stringify(body))
}
/** A track as it is made: sent in pieces, without a length, as a live stream is. */
export const sendLive = (response: ServerResponse, audio: Uint8Array) => {
  response.writeHead(200, { "content-type": "audio/mpeg", "transfer-encoding": "chunked" })
  const half = Math.floor(audio.length / 2)
  response.write(audio.subarray(0, half))
  setTimeout(() => response.end(audio.subarray(half)), 20)
}

export const answer = (response: ServerResponse, code: number, msg: string, data: unknown = null) =>
  send(response, 200, { code, msg, data })

/** Where a task stands at `now`: PENDING, a stage, or the failure its plan has it meet. */
export const reached = (task: FakeTask, now = Date.now()) => {
  if (task.plan.stuck) return "PENDING"
  const timings = task.plan.timings ?? defaultTimings
  let status = "PENDING"
  for (const [index, stage] of stages.entries()) {
    if (task.plan.stagePerLook ? task.looks <= index + 1 : now - task.createdAt < timings[stage])
      break
    if (task.plan.failAt?.stage === stage) return task.plan.failAt.status
    status = stage
  }
  return status
}

/** Posts a callback; one that cannot be delivered is dropped, as the real service drops it. */
export const post = (url: string, body: unknown) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  }).catch(() => undefined)
