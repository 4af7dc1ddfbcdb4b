import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { parseTrustedProxies } from "./http/client-address.ts"

const root = join(import.meta.dirname, "..")
const compose = readFileSync(join(root, "docker-compose.yml"), "utf8")
const caddyfile = readFileSync(join(root, "deploy", "Caddyfile"), "utf8")

/** The settings every replica reads from deploy/compose.env, as its example gives them. */
const replicaEnvironment = Object.fromEntries(
  [
    ...readFileSync(join(root, "deploy", "compose.env.example"), "utf8").matchAll(
      /^([A-Z_0-9]+)=(.*)$/gm,
    ),
  ].map(([, name, value]) => [name, value]),
)

/** A service's block of the compose file. */
const service = (name: string) => {
  const start = compose.indexOf(`\n  ${name}:`)
  const next = compose.slice(start + 1).search(/\n {2}[a-z0-9-]+:/)
  return compose.slice(start, next === -1 ? undefined : start + 1 + next)
}

describe("the image", () => {
  it("runs on the Node the tests run on", () => {
    const dockerfile = readFileSync(join(root, "Dockerfile"), "utf8")
    const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
      devDependencies: Record<string, string>
    }
    const version = manifest.devDependencies.node
    expect(version).toMatch(/^24\.\d+\.\d+$/)
    expect(dockerfile).toContain(`ARG NODE_IMAGE=node:${version}-bookworm-slim`)
  })
})

describe("the compose deployment", () => {
  it("sends mail over SMTP to its own mail catcher, so no development mailbox is reachable", () => {
    expect(replicaEnvironment.SMTP_URL).toBe("smtp://mailpit:1025")
    expect(service("mailpit")).toMatch(/image: axllent\/mailpit:/)
    // The catcher's inbox is published on this machine's loopback only.
    expect(service("mailpit")).toContain('- "127.0.0.1:8025:8025"')
  })

  it("trusts exactly the one proxy in front of the replicas, which sends people to web replicas", () => {
    expect(service("proxy")).toMatch(/image: caddy:2/)
    expect(caddyfile).toMatch(/reverse_proxy web-1:3000 web-2:3000/)
    expect(parseTrustedProxies(replicaEnvironment.TRUST_PROXY ?? "")).toEqual({
      _tag: "Hops",
      hops: 1,
    })
  })

  it("runs two web replicas and two workers from one image, sharing one S3 store", () => {
    for (const web of ["web-1", "web-2"]) expect(service(web)).toMatch(/<<: \*web|ROLE: web/)
    for (const worker of ["worker-1", "worker-2"])
      expect(service(worker)).toMatch(/<<: \*worker|ROLE: worker/)
    expect(replicaEnvironment.S3_ENDPOINT).toBe("http://minio:9000")
    // The bucket the replicas name is the one made before they start.
    expect(replicaEnvironment.S3_BUCKET).toBe("melody")
    expect(service("bucket")).toContain('mc mb --ignore-existing "store/$$S3_BUCKET"')
    expect(service("minio")).toMatch(/image: minio\/minio:/)
  })

  it("keeps its secrets in deploy/compose.env, which git ignores, and restarts what stops", () => {
    expect(compose).not.toMatch(/PASSWORD:|SECRET[A-Z_]*:|DATABASE_URL:/)
    expect(compose.match(/env_file: deploy\/compose.env/g)?.length).toBeGreaterThanOrEqual(4)
    expect(readFileSync(join(root, ".gitignore"), "utf8")).toMatch(/^deploy\/compose\.env$/m)
    for (const name of ["postgres", "minio", "proxy", "mailpit"])
      expect(service(name)).toContain("restart: unless-stopped")
    expect(compose).toMatch(/x-app: &app\n(?: {2}.*\n)*? {2}restart: unless-stopped/)
  })
})
