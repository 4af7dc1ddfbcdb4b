import { AppealList } from "./appeal-list.tsx"
import { ReportQueue } from "./report-queue.tsx"
import { SuspensionList } from "./suspension-list.tsx"

/** The moderation queue: reports to decide, appeals for another admin, accounts suspended. */
export const ModerationPanel = () => (
  <div className="space-y-8">
    <section className="space-y-3">
      <h2 className="font-display text-lg font-semibold">Reports</h2>
      <ReportQueue />
    </section>
    <section className="space-y-3">
      <h2 className="font-display text-lg font-semibold">Appeals</h2>
      <AppealList />
    </section>
    <section className="space-y-3">
      <h2 className="font-display text-lg font-semibold">Suspensions</h2>
      <SuspensionList />
    </section>
  </div>
)
