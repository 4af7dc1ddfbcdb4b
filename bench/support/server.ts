import { type ChildProcess, spawn } from "node:child_process"

/** Extra Node flags for the server (SERVER_NODE_FLAGS), to try a setting against a plain run. */
const serverFlags = (process.env.SERVER_NODE_FLAGS ?? "").split(" ").filter(Boolean)

/** The real server, as `npm start` runs it, on the scratch database. */
export const startServer = async (options: {
  readonly databaseUrl: string
  readonly port: number
  readonly dataDir: string
  /** Settings of this run beside the defaults. */
  readonly env?: Readonly<Record<string, string>>
  /** The CPUs the server and its children may run on (`taskset -c`), as a machine of its own would. */
  readonly cpus?: string
}) => {
  const base = `http://127.0.0.1:${options.port}`
  const node = [process.execPath, ...serverFlags, "--import", "tsx", "app/main.ts"]
  const [command, ...args] =
    options.cpus === undefined ? node : ["taskset", "-c", options.cpus, ...node]
  const server = spawn(command!, args, {
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      PORT: String(options.port),
      HOST: "127.0.0.1",
      APP_URL: base,
      DATA_DIR: options.dataDir,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      ...options.env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  })
  for (let attempt = 0; attempt < 240; attempt++) {
    const up = await fetch(`${base}/api/health`).then(
      (answer) => answer.ok,
      () => false,
    )
    if (up) return server
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error("the server did not start")
}

export const stop = (server: ChildProcess) =>
  new Promise<void>((resolve) => {
    server.once("exit", () => resolve())
    server.kill("SIGTERM")
  })
