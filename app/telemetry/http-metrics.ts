import { Effect, Metric, MetricBoundaries, MetricLabel } from "effect"

const requests = Metric.counter("melody_http_requests_total", {
  description: "HTTP requests answered, by method, route and status",
  incremental: true,
})

const seconds = Metric.histogram(
  "melody_http_request_duration_seconds",
  MetricBoundaries.fromIterable([0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]),
  "Time from a request's arrival to its answer, by method and route",
)

/** One answered request, counted and timed. */
export const recordRequest = (method: string, route: string, status: number, ms: number) => {
  const labels = [MetricLabel.make("method", method), MetricLabel.make("route", route)]
  return Effect.zipRight(
    Metric.increment(
      Metric.taggedWithLabels(requests, [...labels, MetricLabel.make("status", String(status))]),
    ),
    Metric.update(Metric.taggedWithLabels(seconds, labels), ms / 1000),
  )
}
