export * from "./actor.ts"
export * from "./metadata.ts"
