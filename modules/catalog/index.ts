/** Catalog: saving songs, privacy, parts sharing, likes, deletion, their files and the library download. */
export { CatalogApi } from "./api.ts"
export { Catalog } from "./catalog.ts"
export { CatalogHttpLive } from "./http.ts"
export { catalogMigrations } from "./migrations.ts"
export { catalogReactions } from "./reactions.ts"
export { songIdOfVersion } from "./song-ids.ts"
