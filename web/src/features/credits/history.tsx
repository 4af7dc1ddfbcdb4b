import { useQuery } from "@tanstack/react-query"
import type { ReactNode } from "react"
import { creditUseNames } from "#modules/billing/api-credit-uses.ts"
import type { TransactionRecord, UsageRecord } from "#projections/credit-ledger/api.ts"
import { usageTypes } from "#projections/credit-ledger/api-usage-types.ts"
import { Badge } from "../../components/ui/badge.tsx"
import { Card } from "../../components/ui/card.tsx"
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx"
import { cn } from "../../lib/cn.ts"
import { transactionsQuery, usageQuery } from "./credits-queries.ts"
import { formatDateTime, formatPrice, signed } from "./format.ts"
import { ReceiptList } from "./receipt-list.tsx"

const usageLabels: Record<UsageRecord["type"], string> = {
  [usageTypes.generation]: creditUseNames.generation,
  [usageTypes.extend]: creditUseNames.extend,
  [usageTypes["replace-section"]]: creditUseNames["replace-section"],
  [usageTypes.restyle]: creditUseNames.restyle,
  [usageTypes.stems]: creditUseNames.stems,
  refund: "Refund",
}

const transactionLabels: Record<TransactionRecord["type"], string> = {
  pack: "Credit pack",
  subscription: "Subscription",
  signup: "Welcome credits",
  adjustment: "Adjustment",
  refund: "Refund or dispute",
}

const statusTone = {
  pending: "warning",
  completed: "success",
  cancelled: "default",
  refunded: "default",
} as const

const Rows = ({ children }: { readonly children: ReactNode }) => (
  <ul className="divide-y divide-line">{children}</ul>
)

const Empty = ({ text }: { readonly text: string }) => (
  <p className="py-10 text-center text-sm text-muted">{text}</p>
)

const Loading = () => (
  <div className="space-y-3 py-4" role="status" aria-label="Loading">
    {[0, 1, 2].map((i) => (
      <div key={i} className="h-10 animate-pulse rounded-lg bg-surface-raised" />
    ))}
  </div>
)

const Failed = () => (
  <p className="py-10 text-center text-sm text-danger">
    This list could not be loaded. Please refresh the page.
  </p>
)

const UsageList = () => {
  const usage = useQuery(usageQuery)
  if (usage.isPending) return <Loading />
  if (usage.isError) return <Failed />
  if (usage.data.length === 0) return <Empty text="No usage history yet" />
  return (
    <Rows>
      {usage.data.map((record) => (
        <li key={record.id} className="flex items-center justify-between gap-4 py-3">
          <div>
            <p className="text-sm font-semibold">{usageLabels[record.type]}</p>
            <p className="text-xs text-faint">{formatDateTime(record.createdAt)}</p>
          </div>
          <span
            className={cn(
              "font-display font-semibold",
              record.creditsUsed > 0 ? "text-pink" : "text-success",
            )}
          >
            {signed(-record.creditsUsed)} credits
          </span>
        </li>
      ))}
    </Rows>
  )
}

const TransactionList = () => {
  const transactions = useQuery(transactionsQuery)
  if (transactions.isPending) return <Loading />
  if (transactions.isError) return <Failed />
  if (transactions.data.length === 0) return <Empty text="No transactions yet" />
  return (
    <Rows>
      {transactions.data.map((record) => (
        <li key={record.id} className="flex items-center justify-between gap-4 py-3">
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 text-sm font-semibold">
              {transactionLabels[record.type]}
              <Badge tone={statusTone[record.status]}>{record.status}</Badge>
            </p>
            <p className="truncate text-xs text-muted">{record.description}</p>
            <p className="text-xs text-faint">{formatDateTime(record.createdAt)}</p>
          </div>
          <div className="shrink-0 text-right">
            <p
              className={cn(
                "font-display font-semibold",
                record.status === "cancelled" || record.status === "refunded"
                  ? "text-faint line-through"
                  : record.amount < 0
                    ? "text-pink"
                    : "text-success",
              )}
            >
              {signed(record.amount)} credits
            </p>
            {record.price && (
              <p className="text-xs text-faint">
                {formatPrice(record.price.amountCents, record.price.currency)}
              </p>
            )}
          </div>
        </li>
      ))}
    </Rows>
  )
}

/** Where the credits went, and where they came from. */
export const CreditHistory = () => (
  <Card className="p-6">
    <Tabs defaultValue="usage">
      <TabsList className="max-w-xl">
        <TabsTrigger value="usage">Usage History</TabsTrigger>
        <TabsTrigger value="transactions">Transactions</TabsTrigger>
        <TabsTrigger value="receipts">Invoices & Receipts</TabsTrigger>
      </TabsList>
      <TabsContent value="usage">
        <UsageList />
      </TabsContent>
      <TabsContent value="transactions">
        <TransactionList />
      </TabsContent>
      <TabsContent value="receipts">
        <ReceiptList />
      </TabsContent>
    </Tabs>
  </Card>
)
