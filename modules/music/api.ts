export * from "./api-generation.ts"
export * from "./api-reshaping.ts"
export * from "./api-stems.ts"
export * from "./api-voices.ts"
