export * from "./api-generation.ts"
export * from "./api-operations.ts"
export * from "./api-stems.ts"
export * from "./api-voices.ts"
