import { afterAll, beforeEach } from "@effect/vitest"
import { startFakeOpenAi } from "#stand-ins/fake-services/openai.ts"

/**
 * A local OpenAI for one test file: started with it, its script and requests emptied before each test,
 * closed after the last.
 */
export const fakeOpenAiForFile = async () => {
  const openAi = await startFakeOpenAi()
  afterAll(() => openAi.close())
  beforeEach(() => openAi.reset())
  return openAi
}
