/** Catalog: saving songs, privacy, parts sharing, likes, plays, deletion, their files and the library download. */
export { CatalogApi } from "./api.ts"
export { Catalog } from "./catalog.ts"
export { catalogConfig } from "./config.ts"
export { CatalogHttpLive } from "./http.ts"
export { catalogMigrations } from "./migrations.ts"
export { catalogReactions } from "./reactions.ts"
export { songIdOfVersion } from "./song-ids.ts"
