import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { buffer } from "node:stream/consumers"

/**
 * A local S3-compatible store for tests: path-style `/<bucket>/<key>` PUT, GET (with a byte range), HEAD and
 * DELETE, S3's XML errors, and requests refused unless signed (AWS Signature V4) with the expected key id.
 */
export const startFakeS3 = async (options: {
  readonly bucket: string
  readonly accessKeyId: string
}) => {
  const objects = new Map<string, { body: Buffer; contentType: string }>()
  const requests: Array<{ method: string; key: string }> = []

  const error = (response: ServerResponse, status: number, code: string, method: string) => {
    response.writeHead(status, { "content-type": "application/xml" })
    // HEAD answers carry no body, as S3's do not.
    response.end(
      method === "HEAD"
        ? undefined
        : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
    )
  }

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const method = request.method ?? "GET"
    const url = new URL(request.url ?? "/", "http://fake")
    const [, bucket = "", ...rest] = url.pathname.split("/")
    const key = decodeURIComponent(rest.join("/"))
    requests.push({ method, key })
    const authorization = request.headers.authorization ?? ""
    if (!authorization.startsWith(`AWS4-HMAC-SHA256 Credential=${options.accessKeyId}/`)) {
      return error(response, 403, "AccessDenied", method)
    }
    if (bucket !== options.bucket) return error(response, 404, "NoSuchBucket", method)
    if (method === "PUT") {
      objects.set(key, {
        body: await buffer(request),
        contentType: request.headers["content-type"] ?? "application/octet-stream",
      })
      response.writeHead(200, { etag: '"fake"' })
      return response.end()
    }
    const object = objects.get(key)
    if (method === "DELETE") {
      objects.delete(key)
      response.writeHead(204)
      return response.end()
    }
    if (!object) return error(response, 404, "NoSuchKey", method)
    const match = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? "")
    const [start, end] = match
      ? [Number(match[1]), Math.min(Number(match[2]), object.body.length - 1)]
      : [0, object.body.length - 1]
    const body = object.body.subarray(start, end + 1)
    response.writeHead(match ? 206 : 200, {
      "content-type": object.contentType,
      "content-length": String(method === "HEAD" ? object.body.length : body.length),
      ...(match ? { "content-range": `bytes ${start}-${end}/${object.body.length}` } : {}),
    })
    response.end(method === "HEAD" ? undefined : body)
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() =>
      error(response, 500, "InternalError", request.method ?? "GET"),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
