import { readFile } from "node:fs/promises"
import { createServer } from "node:http"
import {
  HttpApi,
  HttpApiBuilder,
  HttpApiEndpoint,
  HttpApiGroup,
  HttpApiSchema,
  HttpServer,
  Multipart,
} from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { expect, layer } from "@effect/vitest"
import { Effect, Layer, Option, Schema } from "effect"
import { bodyTypesOf } from "./body-types.ts"
import { trustNoProxy } from "./client-address.ts"
import { edge } from "./edge.ts"

/**
 * Endpoints that take other bodies than JSON, as the avatar upload does: each says so in its
 * contract alone, and the edge reads, checks and hands over what it takes.
 */
class Upload extends Schema.Class<Upload>("Upload")({
  caption: Schema.String,
  bytes: Schema.Number,
  name: Schema.String,
}) {}

const UploadsApi = HttpApi.make("uploads").add(
  HttpApiGroup.make("uploads")
    .add(
      HttpApiEndpoint.post("picture", "/api/picture")
        .setPayload(
          HttpApiSchema.Multipart(
            Schema.Struct({ caption: Schema.String, picture: Multipart.SingleFileSchema }),
            { maxFileSize: Option.some(8000) },
          ),
        )
        .addSuccess(Upload),
    )
    .add(
      HttpApiEndpoint.post("form", "/api/form")
        .setPayload(
          Schema.Struct({ name: Schema.String }).pipe(
            HttpApiSchema.withEncoding({ kind: "UrlParams" }),
          ),
        )
        .addSuccess(Schema.Struct({ name: Schema.String })),
    )
    .add(
      HttpApiEndpoint.post("json", "/api/json")
        .setPayload(Schema.Struct({ name: Schema.String }))
        .addSuccess(Schema.Struct({ name: Schema.String })),
    ),
)

const UploadsLive = HttpApiBuilder.group(UploadsApi, "uploads", (handlers) =>
  handlers
    .handle("picture", ({ payload }) =>
      Effect.map(
        Effect.promise(() => readFile(payload.picture.path)),
        (bytes) =>
          new Upload({
            caption: payload.caption,
            bytes: bytes.byteLength,
            name: payload.picture.name,
          }),
      ),
    )
    .handle("form", ({ payload }) => Effect.succeed({ name: payload.name }))
    .handle("json", ({ payload }) => Effect.succeed({ name: payload.name })),
)

const appUrl = new URL("http://localhost")

const Served = Layer.unwrapEffect(
  Effect.map(HttpApiBuilder.httpApp, (app) =>
    HttpServer.serve(
      edge({
        staticFiles: () => Effect.die(new Error("no files here")),
        recordError: () => Effect.void,
        appUrl,
        secure: false,
        trustProxy: trustNoProxy,
        bodyTypes: bodyTypesOf(UploadsApi),
      })(app),
    ),
  ),
).pipe(
  Layer.provide([HttpApiBuilder.Router.Live, HttpApiBuilder.Middleware.layer]),
  Layer.provide(HttpApiBuilder.api(UploadsApi).pipe(Layer.provide(UploadsLive))),
  Layer.provideMerge(NodeHttpServer.layer(() => createServer(), { port: 0 })),
)

const post = (path: string, body: string | FormData, headers: Record<string, string> = {}) =>
  Effect.flatMap(HttpServer.HttpServer, (server) =>
    Effect.promise(async () => {
      const port = server.address._tag === "TcpAddress" ? server.address.port : 0
      const response = await fetch(`http://127.0.0.1:${port}${path}`, {
        method: "POST",
        headers: { origin: appUrl.origin, ...headers },
        body,
        signal: AbortSignal.timeout(5000),
      }).catch((error: Error) => ({ status: 0, text: async () => `${error.name}` }))
      const text = await response.text()
      return { status: response.status, body: text.startsWith("{") ? JSON.parse(text) : text }
    }),
  )

layer(Served)("bodies an endpoint's contract says it takes", (it) => {
  it.effect("a multipart upload reaches its handler, fields and file", () =>
    Effect.gen(function* () {
      const picture = new Blob([new Uint8Array(3000).fill(7)], { type: "image/png" })
      const data = new FormData()
      data.append("caption", "Me, singing")
      data.append("picture", picture, "me.png")
      const answer = yield* post("/api/picture", data)
      expect(answer).toEqual({
        status: 200,
        body: { caption: "Me, singing", bytes: 3000, name: "me.png" },
      })
    }),
  )

  it.effect("its text is held to the same rules as JSON's, its size to its contract's limits", () =>
    Effect.gen(function* () {
      const picture = new Blob([new Uint8Array([0, 1, 2])], { type: "image/png" })
      const data = new FormData()
      data.append("caption", "Me,\u0000 singing")
      data.append("picture", picture, "me.png")
      const nul = yield* post("/api/picture", data)
      expect(nul.status).toBe(400)
      expect(nul.body).toMatchObject({
        _tag: "MalformedRequest",
        message: expect.stringContaining("NUL"),
      })
      // A file larger than the contract allows.
      const large = new FormData()
      large.append("caption", "Me")
      large.append("picture", new Blob([new Uint8Array(9000)], { type: "image/png" }), "me.png")
      expect((yield* post("/api/picture", large)).status).toBe(413)
      const broken = yield* post("/api/picture", "--x\r\nnot a part", {
        "content-type": "multipart/form-data; boundary=x",
      })
      expect(broken.status).toBe(400)
      expect(broken.body).toMatchObject({ _tag: "MalformedRequest" })
    }),
  )

  it.effect("a form reaches its handler; a NUL or a broken escape in it is a 400", () =>
    Effect.gen(function* () {
      const formType = { "content-type": "application/x-www-form-urlencoded" }
      expect(yield* post("/api/form", "name=Ada+Lovelace", formType)).toEqual({
        status: 200,
        body: { name: "Ada Lovelace" },
      })
      for (const body of ["name=Ada%00", "name=Ada%ED%A0%80", "name=Ada%E0%A4%A"]) {
        const answer = yield* post("/api/form", body, formType)
        expect(answer.status, body).toBe(400)
        expect(answer.body, body).toMatchObject({ _tag: "MalformedRequest" })
      }
    }),
  )

  it.effect("what an endpoint does not take is a 415 that says what it takes", () =>
    Effect.gen(function* () {
      const json = yield* post("/api/picture", '{"caption":"x"}', {
        "content-type": "application/json",
      })
      expect(json.status).toBe(415)
      expect(json.body).toMatchObject({
        _tag: "UnsupportedMediaType",
        message: expect.stringContaining("multipart/form-data"),
      })
      const upload = new FormData()
      upload.append("name", "Ada")
      expect((yield* post("/api/json", upload)).status).toBe(415)
      expect(
        (yield* post("/api/form", '{"name":"Ada"}', { "content-type": "application/json" })).status,
      ).toBe(415)
      expect(
        (yield* post("/api/json", '{"name":"Ada"}', { "content-type": "application/json" })).body,
      ).toEqual({ name: "Ada" })
    }),
  )
})
