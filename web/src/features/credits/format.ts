/** A price in the price list's currency, as the reader's locale writes money. */
export const formatPrice = (cents: number, currency: string) =>
  new Intl.NumberFormat(undefined, { style: "currency", currency }).format(cents / 100)

export const formatDate = (date: Date) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }).format(date)

export const formatDateTime = (date: Date) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(date)

/** "+150", "-5": how the histories show credits coming and going. */
export const signed = (credits: number) => (credits > 0 ? `+${credits}` : String(credits))

/** "PRO" and "pro" both read "Pro". */
export const offerName = (id: string) => id.charAt(0).toUpperCase() + id.slice(1).toLowerCase()
