import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { query } from "#events/testing.ts"
import { describeApp, settle, signUp } from "./testing.ts"
import { openPack } from "./testing-billing.ts"
import { cli } from "./testing-cli.ts"

const today = new Date().toISOString().slice(0, 10)

describeApp()("command line: reconcile", (it) => {
  it.effect(
    "reconciles a day's test-mode payments with the ledger: exit 0 when they agree, 1 with each difference named, 1 on a bad period",
    () =>
      Effect.gen(function* () {
        const { person } = yield* signUp("payer")
        const { sessionId } = yield* openPack(person, { amount: 13.29, credits: 150 })
        expect((yield* person.post(`/api/checkout/${sessionId}/pay`)).status).toBe(200)
        yield* settle

        const clean = yield* cli("reconcile", "--from", today, "--to", today)
        expect(clean.stdout).toContain(
          `${today} EUR charges: provider 1 for 13.29 EUR, ledger 1 for 13.29 EUR`,
        )
        expect(clean.stderr).toContain("1 matched, no difference")
        expect(clean.code).toBe(0)

        yield* query("update billing.test_mode_records set amount_cents = 1300 where id = $1", [
          sessionId,
        ])
        const differs = yield* cli("reconcile", "--from", today, "--to", today)
        expect(differs.code).toBe(1)
        expect(differs.stderr).toContain(
          `${today} charge amount differs: provider ${sessionId} 1300 eur, ledger ${sessionId} 1329 eur`,
        )
        expect(differs.stderr).toContain("1 difference(s), 0 matched")

        const csv = yield* cli("reconcile", "--from", today, "--to", today, "--csv")
        expect(csv.stdout.split("\r\n")[0]).toMatch(/^section,day,object,kind,/)
        expect(csv.stdout).toContain(`difference,${today},charge,amount_differs`)

        const backwards = yield* cli("reconcile", "--from", "2026-03-02", "--to", "2026-03-01")
        expect(backwards.code).toBe(1)
        expect(backwards.stderr).toContain("from (2026-03-02) must not be after to (2026-03-01).")
      }),
  )
})
