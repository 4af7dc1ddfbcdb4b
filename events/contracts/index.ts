export * from "./actor.ts"
export * from "./errors.ts"
export * from "./messages.ts"
export * from "./metadata.ts"
