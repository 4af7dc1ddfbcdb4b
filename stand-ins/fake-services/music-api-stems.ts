import { randomBytes } from "node:crypto"
import type { ServerResponse } from "node:http"
import { answer, type FakeTask, reached } from "./music-api-tasks.ts"

/** How the next separation goes: it fails with this status, or never leaves PENDING. */
export interface SeparationPlan {
  readonly failWith?: string
  readonly stuck?: boolean
}

interface Separation {
  readonly taskId: string
  readonly musicTask: FakeTask
  readonly audioId: string
  readonly type: "separate_vocal" | "split_stem"
  readonly callbackUrl: string
  readonly createdAt: number
  readonly plan: SeparationPlan
}

const readyAfterMs = 100
const allLinks = [
  "originUrl",
  "instrumentalUrl",
  "vocalUrl",
  "backingVocalsUrl",
  "drumsUrl",
  "bassUrl",
  "guitarUrl",
  "pianoUrl",
  "keyboardUrl",
  "percussionUrl",
  "stringsUrl",
  "synthUrl",
  "fxUrl",
  "brassUrl",
  "woodwindsUrl",
]
/** What each type gives on this fake: the voice and the rest, or the parts a pop song has. */
const given = {
  separate_vocal: ["vocalUrl", "instrumentalUrl"],
  split_stem: ["vocalUrl", "backingVocalsUrl", "drumsUrl", "bassUrl", "guitarUrl", "keyboardUrl"],
}

/**
 * The fake music API's vocal removal in its real shapes: `POST /api/v1/vocal-removal/generate` on a
 * finished track of one of its tasks, and `GET /api/v1/vocal-removal/record-info`, whose `successFlag`
 * goes from PENDING to SUCCESS (or a planned failure) with one link per stem, null where none.
 */
export const makeFakeSeparations = (
  tasks: ReadonlyMap<string, FakeTask>,
  fileUrl: (task: FakeTask, id: string) => string,
) => {
  const separations = new Map<string, Separation>()
  const plans: Array<SeparationPlan> = []

  const start = (body: Record<string, unknown>, response: ServerResponse) => {
    const { taskId, audioId, type, callBackUrl } = body
    if (typeof taskId !== "string" || typeof audioId !== "string")
      return answer(response, 400, "taskId and audioId are required")
    if (type !== "separate_vocal" && type !== "split_stem")
      return answer(response, 400, "type must be separate_vocal or split_stem")
    if (typeof callBackUrl !== "string" || callBackUrl === "")
      return answer(response, 400, "callBackUrl is required")
    const musicTask = [tasks.get(taskId)].find((task) => task?.songIds.includes(audioId))
    if (!musicTask) return answer(response, 400, "The music was not found")
    if (reached(musicTask) !== "SUCCESS")
      return answer(response, 400, "The music is still being generated")
    const separation: Separation = {
      taskId: randomBytes(16).toString("hex"),
      musicTask,
      audioId,
      type,
      callbackUrl: callBackUrl,
      createdAt: Date.now(),
      plan: plans.shift() ?? {},
    }
    separations.set(separation.taskId, separation)
    return answer(response, 200, "success", { taskId: separation.taskId })
  }

  const statusOf = (separation: Separation) => {
    if (separation.plan.stuck || Date.now() - separation.createdAt < readyAfterMs) return "PENDING"
    return separation.plan.failWith ?? "SUCCESS"
  }

  const recordInfo = (taskId: string, response: ServerResponse) => {
    const separation = separations.get(taskId)
    if (!separation) return answer(response, 400, "task not found")
    const status = statusOf(separation)
    const links = Object.fromEntries(
      allLinks.map((field) => [
        field,
        status === "SUCCESS" && given[separation.type].includes(field)
          ? fileUrl(separation.musicTask, `${separation.taskId}-${field}`)
          : null,
      ]),
    )
    return answer(response, 200, "success", {
      taskId,
      musicId: separation.audioId,
      callbackUrl: separation.callbackUrl,
      musicIndex: separation.musicTask.songIds.indexOf(separation.audioId),
      completeTime: status === "PENDING" ? null : Date.now(),
      response: status === "SUCCESS" ? { id: null, ...links } : null,
      successFlag: status,
      createTime: separation.createdAt,
      errorCode: status === "SUCCESS" || status === "PENDING" ? null : 500,
      errorMessage: status === "SUCCESS" || status === "PENDING" ? null : "Separation failed",
    })
  }

  return {
    separations,
    /** How the next separation will go. */
    planNext: (plan: SeparationPlan) => plans.push(plan),
    start,
    recordInfo,
  }
}
