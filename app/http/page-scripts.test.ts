import { mkdtemp, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { pageScriptSources } from "./page-scripts.ts"

describe("the built page's inline scripts", () => {
  it("are named by the SHA-256 of their text, as a content security policy names them", async () => {
    const dist = await mkdtemp(join(tmpdir(), "page-scripts-"))
    await writeFile(
      join(dist, "index.html"),
      `<head><script type="module" src="/assets/index.js"></script></head>
<body><script>alert('Hello, world.');</script><div id="root"></div></body>`,
    )
    // The example the CSP specification gives for this script.
    expect(await pageScriptSources(dist)).toEqual([
      "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='",
    ])
  })

  it("are none while the app is not built", async () => {
    expect(await pageScriptSources(join(tmpdir(), "no-such-build"))).toEqual([])
  })
})
