import { models } from "./music-api-tasks.ts"

/**
 * The fake music API's request rules, as its documentation states them: what `generate` needs, and what
 * the endpoints that start from uploaded audio need (upload-extend, upload-cover, replace-section).
 */

export interface Refusal {
  readonly code: number
  readonly msg: string
}

/** The operations on uploaded audio, by path, and the `operationType` their tasks report. */
export const edits = {
  "/api/v1/generate/upload-extend": "upload_extend",
  "/api/v1/generate/upload-cover": "upload_cover",
  "/api/v1/generate/replace-section": "replace_section",
} as const
export type EditPath = keyof typeof edits

const text = (value: unknown) => typeof value === "string" && value.length > 0

export const generateRefusal = (body: Record<string, unknown>): Refusal | undefined => {
  const { customMode, instrumental, model, title, style, prompt, callBackUrl } = body
  if (typeof customMode !== "boolean" || typeof instrumental !== "boolean")
    return { code: 400, msg: "customMode and instrumental are required" }
  if (typeof model !== "string" || !models.includes(model))
    return { code: 400, msg: `model must be one of ${models.join(", ")}` }
  if (typeof callBackUrl !== "string" || !/^https?:\/\//.test(callBackUrl))
    return { code: 400, msg: "callBackUrl is required" }
  if (customMode && (!text(title) || !text(style)))
    return { code: 400, msg: "title and style are required in custom mode" }
  if (customMode && !instrumental && !text(prompt))
    return { code: 400, msg: "prompt is required in custom mode with vocals" }
  const titleLimit = model === "V4" || model === "V4_5ALL" ? 80 : 100
  if (
    String(title).length > titleLimit ||
    String(prompt ?? "").length > (model === "V4" ? 3000 : 5000)
  )
    return { code: 413, msg: "Theme or prompt too long" }
  return undefined
}

export const editRefusal = (path: EditPath, body: Record<string, unknown>): Refusal | undefined => {
  const { uploadUrl, model, callBackUrl } = body
  if (typeof uploadUrl !== "string" || !/^https?:\/\//.test(uploadUrl))
    return { code: 400, msg: "uploadUrl is required" }
  if (typeof model !== "string" || !models.includes(model))
    return { code: 400, msg: `model must be one of ${models.join(", ")}` }
  if (typeof callBackUrl !== "string" || !/^https?:\/\//.test(callBackUrl))
    return { code: 400, msg: "callBackUrl is required" }
  if (path === "/api/v1/generate/replace-section") {
    const { infillStartS: start, infillEndS: end, prompt, tags, title, fullLyrics } = body
    if (!text(prompt) || !text(tags) || !text(title) || !text(fullLyrics))
      return { code: 400, msg: "prompt, tags, title and fullLyrics are required" }
    if (typeof start !== "number" || typeof end !== "number" || start < 0 || end <= start)
      return { code: 400, msg: "infillStartS must be less than infillEndS" }
    if (end - start < 6 || end - start > 60)
      return { code: 400, msg: "the replaced range must last 6 to 60 seconds" }
    return undefined
  }
  if (path === "/api/v1/generate/upload-extend") {
    const { defaultParamFlag, continueAt } = body
    if (typeof defaultParamFlag !== "boolean")
      return { code: 400, msg: "defaultParamFlag is required" }
    if (defaultParamFlag && (typeof continueAt !== "number" || continueAt <= 0))
      return { code: 400, msg: "continueAt must be more than 0" }
  }
  return generateRefusal({ customMode: true, instrumental: false, ...body })
}

/**
 * generate-persona, answered at once: a voice taken from one finished track of one of the API's tasks. A
 * persona named in a later request must be one it gave out.
 */
export const personaRefusal = (
  body: Record<string, unknown>,
  tasks: ReadonlyMap<string, { readonly songIds: ReadonlyArray<string> }>,
): Refusal | undefined => {
  const { taskId, audioId, name, description } = body
  if (!text(taskId) || !text(audioId) || !text(name) || typeof description !== "string")
    return { code: 400, msg: "taskId, audioId, name and description are required" }
  if (!tasks.get(String(taskId))?.songIds.includes(String(audioId)))
    return { code: 404, msg: "No such track in that task" }
  return undefined
}

export const unknownPersona = (body: Record<string, unknown>, personas: ReadonlySet<string>) =>
  body.personaId !== undefined && !personas.has(String(body.personaId))
    ? ({ code: 400, msg: "personaId not found" } satisfies Refusal)
    : undefined
