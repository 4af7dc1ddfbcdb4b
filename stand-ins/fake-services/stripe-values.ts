import { randomBytes } from "node:crypto"

// What every object of the fake Stripe is made of: JSON, ids with Stripe's prefixes, Stripe's times.

export type Json = Record<string, unknown>

export const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`
export const seconds = (date: Date) => Math.floor(date.getTime() / 1000)
export const monthLater = (from: number) => from + 30 * 86_400
