import { useState } from "react"
import { Card } from "../../components/ui/card.tsx"
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx"
import { ActivityList } from "./activity-list.tsx"
import { CreditLedger } from "./credit-ledger.tsx"
import { ErrorList } from "./error-list.tsx"
import { FinancePanel } from "./finance-panel.tsx"
import { ModerationPanel } from "./moderation-panel.tsx"
import { OpenStreamForm } from "./open-stream-form.tsx"
import { ProjectionList } from "./projection-list.tsx"
import { StreamViewer } from "./stream-viewer.tsx"

/** /admin: what people do, what went wrong, credits for finance, and the read models' health. */
export const AdminPage = () => {
  const [streamId, setStreamId] = useState<string | null>(null)
  return (
    <section className="animate-rise space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-bold tracking-tight">Admin Dashboard</h1>
          <p className="mt-2 text-muted">
            User activities and errors as they happen, reports to decide, credit ledgers, and the
            read models.
          </p>
        </div>
        <OpenStreamForm onOpen={setStreamId} />
      </header>

      <Card className="p-4 sm:p-6">
        <Tabs defaultValue="activities">
          <TabsList className="flex-wrap">
            <TabsTrigger value="activities">User Activities</TabsTrigger>
            <TabsTrigger value="errors">Error Logs</TabsTrigger>
            <TabsTrigger value="moderation">Moderation</TabsTrigger>
            <TabsTrigger value="ledger">Credit Ledger</TabsTrigger>
            <TabsTrigger value="finance">Finance</TabsTrigger>
            <TabsTrigger value="projections">Projections</TabsTrigger>
          </TabsList>
          <TabsContent value="activities">
            <ActivityList onOpenStream={setStreamId} />
          </TabsContent>
          <TabsContent value="errors">
            <ErrorList onOpenStream={setStreamId} />
          </TabsContent>
          <TabsContent value="moderation">
            <ModerationPanel />
          </TabsContent>
          <TabsContent value="ledger">
            <CreditLedger />
          </TabsContent>
          <TabsContent value="finance">
            <FinancePanel />
          </TabsContent>
          <TabsContent value="projections">
            <ProjectionList />
          </TabsContent>
        </Tabs>
      </Card>

      <StreamViewer streamId={streamId} onClose={() => setStreamId(null)} />
    </section>
  )
}
