/** Catalog: songs, the personal library, the public timeline, likes, privacy, audio and downloads. */
export { CatalogApi } from "./api.ts"
export { Catalog } from "./catalog.ts"
export { CatalogHttpLive } from "./http.ts"
export { catalogMigrations } from "./migrations.ts"
export { CatalogReads } from "./ports.ts"
export { catalogReactions } from "./reactions.ts"
export { songIdOfVersion } from "./song-view.ts"
