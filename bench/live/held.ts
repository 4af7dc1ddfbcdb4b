import { fork } from "node:child_process"

/** Live streams held by a process of their own (holder.ts), for as long as the benchmark needs them. */
export const holdStreams = async (base: string, cookies: ReadonlyArray<string>) => {
  const holder = fork(new URL("./holder.ts", import.meta.url), {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  })
  const ask = <A>(message: object) =>
    new Promise<A>((resolve) => {
      holder.once("message", (answer) => resolve(answer as A))
      holder.send(message)
    })
  const opened = await ask<{ statuses: Record<string, number>; ms: number }>({
    ask: "open",
    base,
    cookies,
  })
  return {
    ...opened,
    stillOpen: () => ask<{ count: number }>({ ask: "count" }).then((answer) => answer.count),
    /** Closes every stream at once (and the holder then exits); answers as soon as they are asked to. */
    close: () => ask({ ask: "close" }),
  }
}
