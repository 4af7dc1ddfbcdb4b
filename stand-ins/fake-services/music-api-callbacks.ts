import { defaultTimings, type FakeTask, post, type Stage, stages } from "./music-api-tasks.ts"

/** The tracks a task shows at a status, in the callbacks' snake_case. */
type Tracks = (status: string) => ReadonlyArray<unknown>

/** A callback's body: `text`, `first`, `complete` with the tracks so far, or `error`. */
export const callback = (task: FakeTask, status: string, tracks: Tracks) => {
  const failed = status !== "TEXT_SUCCESS" && status !== "FIRST_SUCCESS" && status !== "SUCCESS"
  const type = failed
    ? "error"
    : ({ TEXT_SUCCESS: "text", FIRST_SUCCESS: "first", SUCCESS: "complete" } as const)[
        status as Stage
      ]
  return {
    code: failed ? (task.plan.failAt?.errorCode ?? 501) : 200,
    msg: failed ? "Audio generation failed." : "All generated successfully.",
    data: {
      callbackType: type,
      task_id: task.taskId,
      data: type === "text" || failed ? [] : tracks(status),
    },
  }
}

/**
 * The task's callbacks, each stage's at its time: once, twice, all at the end in reverse, or none, as its
 * plan says. `timers` keeps them so the server can cancel what is still to come when it closes.
 */
export const deliverCallbacks = (task: FakeTask, tracks: Tracks, timers: Set<NodeJS.Timeout>) => {
  const mode = task.plan.callbacks ?? "once"
  if (mode === "none" || task.plan.stuck) return
  const url = String(task.body.callBackUrl)
  const timings = task.plan.timings ?? defaultTimings
  const due: Array<{ at: number; status: string }> = []
  for (const stage of stages) {
    const status = task.plan.failAt?.stage === stage ? task.plan.failAt.status : stage
    due.push({ at: timings[stage], status })
    if (status !== stage) break
  }
  const deliveries =
    mode === "reversed"
      ? due.map((d) => ({ at: due.at(-1)!.at, status: d.status })).reverse()
      : mode === "twice"
        ? due.flatMap((d) => [d, d])
        : due
  deliveries.forEach(({ at, status }, i) => {
    const timer = setTimeout(() => {
      timers.delete(timer)
      void post(url, callback(task, status, tracks))
    }, at + i)
    timers.add(timer)
  })
}
