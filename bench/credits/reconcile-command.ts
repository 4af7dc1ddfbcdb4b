import { execFile } from "node:child_process"
import { promisify } from "node:util"

/**
 * `npm run cli -- reconcile` as finance runs it, in a process of its own under GNU time: its whole time
 * (start, migrations, catching the ledger's money up, the reconciliation) and its peak resident size.
 */
export const reconcileCommand = async (databaseUrl: string, from: string, to: string) => {
  const { stderr } = await promisify(execFile)(
    "/usr/bin/time",
    [
      ...["-f", "peak %M KB, %e s"],
      ...[process.execPath, "--import", "tsx", "app/cli.ts"],
      ...["reconcile", "--from", from, "--to", to],
    ],
    {
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" },
      maxBuffer: 64 * 1024 * 1024,
    },
  )
  const measured = /peak (\d+) KB, ([\d.]+) s\s*$/.exec(stderr)
  if (measured === null) throw new Error(`the reconcile command printed no measure: ${stderr}`)
  return {
    peakBytes: Number(measured[1]) * 1024,
    seconds: Number(measured[2]),
    said: stderr.split("\n").find((line) => line.startsWith("Reconciled")) ?? stderr,
  }
}
