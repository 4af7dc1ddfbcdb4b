import { register as registerOne } from "../support/accounts.ts"

/** Registers people through the API, a few at a time, and answers their session cookies. */
export const register = async (base: string, prefix: string, count: number) => {
  const cookies: Array<string> = []
  const atOnce = 4
  for (let first = 0; first < count; first += atOnce) {
    const batch = Array.from({ length: Math.min(atOnce, count - first) }, (_, i) => first + i)
    const made = await Promise.all(
      batch.map((n) => registerOne(base, `${prefix}_${n}`, { name: "Bench Listener" })),
    )
    cookies.push(...made.map((person) => person.cookie))
  }
  return cookies
}
