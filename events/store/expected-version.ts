/**
 * What a writer expects of the stream it appends to:
 * - "any": no expectation; concurrent writers queue on the stream row instead of failing;
 * - "no_stream": the stream must not exist yet (exactly one concurrent creator wins);
 * - "stream_exists": the stream must have at least one event;
 * - a number: the stream must be at exactly this version (0 means no stream).
 */
export type ExpectedVersion = "any" | "no_stream" | "stream_exists" | number

export const ExpectedVersion = {
  any: "any" as ExpectedVersion,
  noStream: "no_stream" as ExpectedVersion,
  streamExists: "stream_exists" as ExpectedVersion,
  exactly: (version: number): ExpectedVersion => version,
}

/** Whether a stream at `version` (0: none) meets the expectation. */
export const satisfies = (expected: ExpectedVersion, version: number): boolean => {
  if (expected === "any") return true
  if (expected === "no_stream" || expected === 0) return version === 0
  if (expected === "stream_exists") return version > 0
  return version === expected
}
