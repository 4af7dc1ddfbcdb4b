import { now, perSecond, type Row } from "../support/report.ts"

/**
 * Alternates the two sides round by round, after one unmeasured warm-up round of each (JIT, plan caches,
 * pool connections); answers the total milliseconds of each.
 */
export const interleave = async (
  rounds: number,
  ours: () => Promise<unknown>,
  baseline: () => Promise<unknown>,
) => {
  await baseline()
  await ours()
  let oursMs = 0
  let baselineMs = 0
  for (let round = 0; round < rounds; round++) {
    let t = now()
    await baseline()
    baselineMs += now() - t
    t = now()
    await ours()
    oursMs += now() - t
  }
  return { oursMs, baselineMs }
}

/** A row of the table: our rate, the raw rate, and their ratio against the target (`min`, if any). */
export const ratioRow = (
  scenario: string,
  count: number,
  unit: string,
  ms: { oursMs: number; baselineMs: number },
  min: number | undefined,
): Row => {
  const ratio = ms.baselineMs / ms.oursMs
  return {
    scenario,
    ours: perSecond(count, ms.oursMs, unit),
    baseline: perSecond(count, ms.baselineMs, "rows"),
    ratio,
    target: min === undefined ? "-" : `>= ${min}x raw`,
    pass: min === undefined ? undefined : ratio >= min,
  }
}
