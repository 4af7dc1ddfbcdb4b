import { afterAll, expect } from "@effect/vitest"
import { Effect } from "effect"
import { startFakeS3 } from "#stand-ins/fake-services/s3.ts"
import { describeApp, request, signUp } from "./testing.ts"
import { callAs } from "./testing-client.ts"
import { seedGeneration } from "./testing-songs.ts"

const s3 = await startFakeS3({ bucket: "app-bucket", accessKeyId: "app-key" })
afterAll(() => s3.close())

const env = {
  S3_BUCKET: "app-bucket",
  S3_ENDPOINT: s3.url,
  S3_ACCESS_KEY_ID: "app-key",
  S3_SECRET_ACCESS_KEY: "app-secret",
}

describeApp({ env })("media in a bucket", (it) => {
  it.effect(
    "is downloaded straight from the bucket by a presigned redirect, for its owner only",
    () =>
      Effect.gen(function* () {
        const owner = yield* signUp("bucket-owner")
        const other = yield* signUp("bucket-other")
        yield* seedGeneration(owner.user.id, "Bucket List", 1)
        const [song] = yield* callAs(owner.person, (api) => api.songs.mySongs())
        const path = `/api/songs/${song!.id}/audio?download=true`

        const answer = yield* owner.person.send(path, { redirect: "manual" })
        expect(answer.status).toBe(302)
        expect(answer.headers.get("cache-control")).toBe("private, no-store")
        const location = answer.headers.get("location")!
        expect(location.startsWith(`${s3.url}/app-bucket/`)).toBe(true)
        const fetched = yield* Effect.promise(() => fetch(location))
        expect(fetched.status).toBe(200)
        expect(fetched.headers.get("content-disposition")).toContain("Bucket List (Version 1).mp3")
        expect(fetched.headers.get("content-type")).toBe("audio/mpeg")
        expect(fetched.headers.get("content-type")).toBe("audio/mpeg")
        const bytes = new Uint8Array(yield* Effect.promise(() => fetched.arrayBuffer()))
        const stored = [...s3.objects.values()].find((o) => o.body.length === bytes.length)
        expect(stored && Buffer.compare(stored.body, Buffer.from(bytes))).toBe(0)

        // Nobody else gets an address for it.
        expect((yield* other.person.send(path, { redirect: "manual" })).status).toBe(404)
        expect((yield* request(path, { redirect: "manual" })).status).toBe(404)
      }),
  )

  it.effect("lets pages load media from the bucket's origin, and only then", () =>
    Effect.gen(function* () {
      const policy = (yield* request("/api/health?projections=false")).headers.get(
        "content-security-policy",
      )!
      expect(policy).toContain(`media-src 'self' blob: https: ${s3.url}`)
      expect(policy).toContain(`img-src 'self' data: blob: https: ${s3.url}`)
      expect(policy).toContain("connect-src 'self';")
    }),
  )
})
