import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { buffer } from "node:stream/consumers"

/**
 * A local S3-compatible store for tests: path-style `/<bucket>/<key>` PUT, GET (with a byte range), HEAD and
 * DELETE, multipart uploads (create, upload part, complete, abort), S3's XML errors, and requests refused
 * unless signed (AWS Signature V4) with the expected key id, in the Authorization header or, for a
 * presigned GET, in the query (refused once expired).
 */
export const startFakeS3 = async (options: {
  readonly bucket: string
  readonly accessKeyId: string
}) => {
  const objects = new Map<string, { body: Buffer; contentType: string }>()
  const uploads = new Map<
    string,
    { key: string; contentType: string; parts: Map<number, Buffer> }
  >()
  const requests: Array<{ method: string; key: string; query: string; bytes: number }> = []
  let uploadIds = 0

  const error = (response: ServerResponse, status: number, code: string, method: string) => {
    response.writeHead(status, { "content-type": "application/xml" })
    // HEAD answers carry no body, as S3's do not.
    response.end(
      method === "HEAD"
        ? undefined
        : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
    )
  }
  const xml = (response: ServerResponse, body: string) => {
    response.writeHead(200, { "content-type": "application/xml" })
    response.end(`<?xml version="1.0" encoding="UTF-8"?>${body}`)
  }

  /** Signed in the header, or presigned in the query and not expired. */
  const signed = (request: IncomingMessage, query: URLSearchParams) => {
    const credential = `${options.accessKeyId}/`
    if (
      (request.headers.authorization ?? "").startsWith(`AWS4-HMAC-SHA256 Credential=${credential}`)
    )
      return true
    const date = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(
      query.get("X-Amz-Date") ?? "",
    )
    if (!date || !query.get("X-Amz-Signature")) return false
    if (!(query.get("X-Amz-Credential") ?? "").startsWith(credential)) return false
    const [, y, mo, d, h, mi, s] = date.map(Number) as [number, ...Array<number>]
    const expires = Date.UTC(y!, mo! - 1, d, h, mi, s) + Number(query.get("X-Amz-Expires")) * 1000
    return Date.now() <= expires
  }

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const method = request.method ?? "GET"
    const url = new URL(request.url ?? "/", "http://fake")
    const [, bucket = "", ...rest] = url.pathname.split("/")
    const key = decodeURIComponent(rest.join("/"))
    const query = url.searchParams
    if (!signed(request, query)) return error(response, 403, "AccessDenied", method)
    if (bucket !== options.bucket) return error(response, 404, "NoSuchBucket", method)
    const body = method === "PUT" || method === "POST" ? await buffer(request) : Buffer.alloc(0)
    requests.push({ method, key, query: url.search, bytes: body.length })
    const contentType = request.headers["content-type"] ?? "application/octet-stream"

    if (method === "POST" && query.has("uploads")) {
      const uploadId = `upload-${++uploadIds}`
      uploads.set(uploadId, { key, contentType, parts: new Map() })
      return xml(
        response,
        `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
      )
    }
    const upload = uploads.get(query.get("uploadId") ?? "")
    if (query.has("uploadId") && !upload) return error(response, 404, "NoSuchUpload", method)
    if (method === "PUT" && upload) {
      const part = Number(query.get("partNumber"))
      upload.parts.set(part, body)
      response.writeHead(200, { etag: `"part-${part}"` })
      return response.end()
    }
    if (method === "POST" && upload) {
      const numbers = [...body.toString().matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) =>
        Number(m[1]),
      )
      objects.set(upload.key, {
        body: Buffer.concat(numbers.map((n) => upload.parts.get(n) ?? Buffer.alloc(0))),
        contentType: upload.contentType,
      })
      uploads.delete(query.get("uploadId") ?? "")
      return xml(
        response,
        `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><ETag>"done"</ETag></CompleteMultipartUploadResult>`,
      )
    }
    if (method === "DELETE" && upload) {
      uploads.delete(query.get("uploadId") ?? "")
      response.writeHead(204)
      return response.end()
    }
    if (method === "PUT") {
      objects.set(key, { body, contentType })
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
    const part = object.body.subarray(start, end + 1)
    response.writeHead(match ? 206 : 200, {
      "content-type": query.get("response-content-type") ?? object.contentType,
      "content-length": String(method === "HEAD" ? object.body.length : part.length),
      ...(query.has("response-content-disposition")
        ? { "content-disposition": query.get("response-content-disposition") ?? "" }
        : {}),
      ...(match ? { "content-range": `bytes ${start}-${end}/${object.body.length}` } : {}),
    })
    response.end(method === "HEAD" ? undefined : part)
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
    uploads,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
