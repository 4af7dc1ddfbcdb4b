import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeWithDatabase, query } from "../testing.ts"

describeWithDatabase()("the connection pool", (it) => {
  it.effect("every connection runs without JIT and ends sessions left idle in a transaction", () =>
    Effect.gen(function* () {
      // Several at once, so that more than the first connection of the pool is asked.
      const answers = yield* Effect.all(
        Array.from({ length: 5 }, () =>
          query<{ jit: string; idle: string }>(
            "select current_setting('jit') as jit, current_setting('idle_in_transaction_session_timeout') as idle, pg_sleep(0.05)",
          ),
        ),
        { concurrency: "unbounded" },
      )
      for (const [row] of answers) expect(row).toMatchObject({ jit: "off", idle: "1min" })
    }),
  )
})
