import { Effect } from "effect"
import { Actors } from "#events/contracts/actor.ts"
import { billingJobs } from "#modules/billing/index.ts"
import { identityJobs } from "#modules/identity/index.ts"
import { mediaJobs } from "#modules/media/index.ts"
import { ErrorReports } from "#toolkit/error-reports.ts"
import { jobWorker, type PermanentFailure } from "#toolkit/job-worker.ts"
import { forgetOldRateLimitWindows } from "#toolkit/rate-limit.ts"

/** Every kind of background job, from every module. */
export const jobKinds = [...identityJobs, ...billingJobs, ...mediaJobs, forgetOldRateLimitWindows]

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

/** This replica's share of the background jobs; a job that fails for good lands in the error stream. */
export const JobWorkerLive = Effect.map(ErrorReports, (reports) =>
  jobWorker(jobKinds, {
    concurrency: 4,
    onPermanentFailure: (failure) =>
      reportFailure(failure).pipe(Effect.provideService(ErrorReports, reports)),
  }),
)
