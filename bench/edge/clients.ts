/**
 * The load of bench:edge, in a process of its own so that its work does not delay the health checks it is
 * measured against: `clients` clients fetching `path` as browsers do (accepting brotli) from the server on
 * `port` for `seconds`, each asking again `pace` milliseconds after its answer has arrived (0: at once).
 * The bytes are counted, not decompressed. Prints what was answered, as JSON.
 */
import { request } from "node:http"

const [port, clients, seconds] = process.argv.slice(2, 5).map(Number) as [number, number, number]
const path = process.argv[5] ?? "/"
const pace = Number(process.argv[6] ?? 0)
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const fetchOnce = () =>
  new Promise<{ status: number; bytes: number; encoding: string }>((resolve, reject) => {
    const outgoing = request(
      { host: "127.0.0.1", port, path, headers: { "accept-encoding": "br" } },
      (response) => {
        let bytes = 0
        response.on("data", (chunk: Buffer) => {
          bytes += chunk.length
        })
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            bytes,
            encoding: response.headers["content-encoding"] ?? "identity",
          }),
        )
        response.on("error", reject)
      },
    )
    outgoing.on("error", reject)
    outgoing.end()
  })

const end = performance.now() + seconds * 1000
let answers = 0
let bytes = 0
let failures = 0
const encodings = new Set<string>()
await Promise.all(
  Array.from({ length: clients }, async () => {
    // Paced clients start spread over one pace, as readers arriving one by one do.
    await pause(Math.random() * pace)
    while (performance.now() < end) {
      const answer = await fetchOnce().catch(() => undefined)
      if (answer?.status !== 200) failures++
      else {
        answers++
        bytes += answer.bytes
        encodings.add(answer.encoding)
      }
      if (pace > 0) await pause(pace)
    }
  }),
)
console.log(JSON.stringify({ answers, bytes, failures, encodings: [...encodings].join(", ") }))
