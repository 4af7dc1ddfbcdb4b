import { StripeRefusal } from "./stripe-charges.ts"
import type { Route } from "./stripe-routes.ts"
import { id, type Json, seconds } from "./stripe-values.ts"

/**
 * Stripe's customer portal: a session for a known customer, whose page is served by the fake (a stand-in
 * for billing.stripe.com). An unknown customer is refused as Stripe does.
 */
export const portalRoutes = (
  customers: ReadonlyMap<string, Json>,
  base: () => string,
): Array<Route> => [
  [
    "POST",
    /^\/v1\/billing_portal\/sessions$/,
    (_m, body) => {
      const customer = body.customer
      if (typeof customer !== "string" || !customers.has(customer)) {
        return new StripeRefusal(
          400,
          `No such customer: '${String(customer ?? "")}'`,
          "resource_missing",
        )
      }
      const sessionId = id("bps")
      return {
        id: sessionId,
        object: "billing_portal.session",
        customer,
        return_url: body.return_url ?? null,
        created: seconds(new Date()),
        livemode: false,
        locale: null,
        url: `${base()}/p/session/${sessionId}`,
      }
    },
  ],
]
