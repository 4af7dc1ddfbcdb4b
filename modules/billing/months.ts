/** The same day of the next month, or its last day when it has fewer days (31 January: 28/29 February). */
export const addMonth = (date: Date): Date => {
  const next = new Date(date)
  next.setUTCDate(1)
  next.setUTCMonth(next.getUTCMonth() + 1)
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate()
  next.setUTCDate(Math.min(date.getUTCDate(), lastDay))
  return next
}
