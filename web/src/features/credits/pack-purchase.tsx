import { useState } from "react"
import type { PriceList } from "#modules/billing/api.ts"
import { Button } from "../../components/ui/button.tsx"
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card.tsx"
import { cn } from "../../lib/cn.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { useBuyPack } from "./credits-queries.ts"
import { formatPrice } from "./format.ts"

/** One-time packs: pick one (Pro unless changed) and pay once. */
export const PackPurchase = ({ priceList }: { readonly priceList: PriceList }) => {
  const [selected, setSelected] = useState("pro")
  const buy = useBuyPack()
  const pack = priceList.packs.find((p) => p.id === selected) ?? priceList.packs[0]

  const purchase = () => {
    if (!pack) return
    buy.mutate(pack, {
      onError: () =>
        toast({
          title: "Payment Error",
          description: "Failed to create payment. Please try again.",
          variant: "destructive",
        }),
    })
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Purchase Credits</CardTitle>
        <CardDescription>Credits never expire. Pay once, no subscription.</CardDescription>
      </CardHeader>
      <CardContent>
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="sr-only">Credit packs</legend>
          {priceList.packs.map((option) => {
            const checked = option.id === pack?.id
            return (
              <label
                key={option.id}
                className={cn(
                  "cursor-pointer rounded-2xl border p-4 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary",
                  checked
                    ? "border-primary bg-primary/10 shadow-lg shadow-primary/10"
                    : "border-line bg-surface-raised/50 hover:border-line-strong",
                )}
              >
                <input
                  type="radio"
                  name="pack"
                  value={option.id}
                  checked={checked}
                  onChange={() => setSelected(option.id)}
                  className="sr-only"
                />
                <span className="block text-sm font-semibold">{option.name}</span>
                <span className="mt-1 block font-display text-2xl font-bold">
                  {option.credits} credits
                </span>
                <span className="mt-1 block text-sm text-muted">
                  {formatPrice(option.priceCents, priceList.currency)}
                </span>
              </label>
            )
          })}
        </fieldset>
        <Button
          className="mt-6 w-full sm:w-auto"
          onClick={purchase}
          disabled={!pack || buy.isPending}
        >
          {buy.isPending
            ? "Opening checkout..."
            : pack
              ? `Buy ${pack.credits} credits for ${formatPrice(pack.priceCents, priceList.currency)}`
              : "Buy credits"}
        </Button>
      </CardContent>
    </Card>
  )
}
