export * from "./api-generation.ts"
export * from "./api-video.ts"
