import { describe, expect, it } from "vitest"
import { editRefusal } from "./music-api-requests.ts"

const upload = {
  uploadUrl: "http://127.0.0.1:1/a.mp3",
  model: "V4_5ALL",
  callBackUrl: "http://127.0.0.1:1/cb",
  title: "Harbour",
  style: "jazz",
  prompt: "[Verse]\nLights",
  customMode: true,
  instrumental: false,
}

describe("the fake music API's rules for operations on uploaded audio", () => {
  it("needs the audio's link, a model and a callback for each", () => {
    for (const path of [
      "/api/v1/generate/upload-cover",
      "/api/v1/generate/upload-extend",
      "/api/v1/generate/replace-section",
    ] as const) {
      expect(editRefusal(path, { ...upload, uploadUrl: undefined })?.msg).toBe(
        "uploadUrl is required",
      )
      expect(editRefusal(path, { ...upload, model: "V9" })?.code).toBe(400)
      expect(editRefusal(path, { ...upload, callBackUrl: "" })?.msg).toBe("callBackUrl is required")
    }
    expect(editRefusal("/api/v1/generate/upload-cover", upload)).toBeUndefined()
  })

  it("extends from a point after the start, and re-sings 6 to 60 seconds with the full lyrics", () => {
    const extend = "/api/v1/generate/upload-extend"
    expect(editRefusal(extend, upload)?.msg).toBe("defaultParamFlag is required")
    expect(editRefusal(extend, { ...upload, defaultParamFlag: true, continueAt: 0 })?.msg).toBe(
      "continueAt must be more than 0",
    )
    expect(
      editRefusal(extend, { ...upload, defaultParamFlag: true, continueAt: 12.5 }),
    ).toBeUndefined()
    const replace = "/api/v1/generate/replace-section"
    const stretch = { ...upload, tags: "jazz", fullLyrics: "[Verse]\nAll of it" }
    expect(editRefusal(replace, { ...stretch, infillStartS: 10, infillEndS: 12 })?.msg).toBe(
      "the replaced range must last 6 to 60 seconds",
    )
    expect(editRefusal(replace, { ...stretch, infillStartS: 12, infillEndS: 10 })?.msg).toBe(
      "infillStartS must be less than infillEndS",
    )
    expect(
      editRefusal(replace, { ...stretch, fullLyrics: "", infillStartS: 0, infillEndS: 8 })?.code,
    ).toBe(400)
    expect(editRefusal(replace, { ...stretch, infillStartS: 0, infillEndS: 8 })).toBeUndefined()
  })
})
