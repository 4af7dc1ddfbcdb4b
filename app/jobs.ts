import { Config, Duration, Effect } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import { billingJobs } from "#modules/billing/index.ts"
import { identityJobs } from "#modules/identity/index.ts"
import { moderationJobs } from "#modules/moderation/index.ts"
import { musicJobs } from "#modules/music/index.ts"
import { videosJobs } from "#modules/videos/index.ts"
import { ErrorReports } from "#toolkit/error-reports.ts"
import { forgetOldIdempotencyKeys } from "#toolkit/idempotent-requests.ts"
import { jobWorker } from "#toolkit/job-worker.ts"
import type { PermanentFailure } from "#toolkit/jobs.ts"
import { forgetOldRateLimitWindows } from "#toolkit/rate-limit.ts"
import { fileWorkJobs } from "#toolkit/storage/index.ts"

/** Every kind of background job, from every module. */
export const jobKinds = [
  ...identityJobs,
  ...billingJobs,
  ...musicJobs,
  ...videosJobs,
  ...moderationJobs,
  forgetOldRateLimitWindows,
  forgetOldIdempotencyKeys,
  ...fileWorkJobs,
]

const reportFailure = (failure: PermanentFailure) =>
  Effect.flatMap(ErrorReports, (reports) =>
    reports.record({
      source: "job",
      actor: Actors.system("jobs"),
      message: `Job ${failure.task} failed after ${failure.attempts} attempts: ${
        failure.error instanceof Error ? failure.error.message : String(failure.error)
      }`,
      stack: failure.error instanceof Error ? failure.error.stack : undefined,
      context: { task: failure.task, jobId: failure.jobId, attempts: failure.attempts },
    }),
  )

/** How background jobs are run. */
export const jobsConfig = Config.all({
  /**
   * A running job whose worker is not seen for this long lost it (a crash, `kill -9`) and is taken up
   * again (its name says generations; it holds for every job).
   */
  stalledAfter: Config.number("GENERATION_STALLED_SECONDS").pipe(
    Config.validate({
      message: "GENERATION_STALLED_SECONDS must be more than 0",
      validation: (n) => n > 0,
    }),
    Config.map((seconds) => Duration.millis(Math.round(seconds * 1000))),
    Config.withDefault(Duration.seconds(30)),
  ),
})

/**
 * This replica's share of the background jobs, taking up those whose worker vanished; a job that fails for
 * good lands in the error stream.
 */
export const JobWorkerLive = Effect.gen(function* () {
  const reports = yield* ErrorReports
  return jobWorker(jobKinds, {
    concurrency: 4,
    stalledAfter: (yield* jobsConfig).stalledAfter,
    onPermanentFailure: (failure) =>
      reportFailure(failure).pipe(Effect.provideService(ErrorReports, reports)),
  })
})
