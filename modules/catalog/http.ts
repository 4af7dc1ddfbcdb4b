import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { CurrentUser, CurrentViewer } from "#api/auth.ts"
import { moduleApi } from "#api/id.ts"
import { currentClient } from "#toolkit/client.ts"
import { CatalogApi } from "./api.ts"
import { Catalog } from "./catalog.ts"

const Api = moduleApi(CatalogApi)

const viewerId = Effect.map(CurrentViewer, (viewer) => viewer?.userId)

export const CatalogHttpLive = HttpApiBuilder.group(Api, "catalog", (handlers) =>
  Effect.gen(function* () {
    const catalog = yield* Catalog

    return handlers
      .handle("libraryDownload", () => Effect.flatMap(CurrentUser, catalog.libraryDownload))
      .handle("saveSong", ({ payload }) =>
        Effect.flatMap(CurrentUser, (user) => catalog.save(user, payload)),
      )
      .handle("setPrivacy", ({ path, payload }) =>
        Effect.flatMap(CurrentUser, (user) => catalog.setPrivacy(user, path.id, payload.isPublic)),
      )
      .handle("setPartsSharing", ({ path, payload }) =>
        Effect.flatMap(CurrentUser, (user) =>
          catalog.setPartsSharing(user, path.id, payload.shared),
        ),
      )
      .handle("deleteSong", ({ path, urlParams }) =>
        Effect.flatMap(CurrentUser, (user) =>
          catalog.deleteSongs(user, path.id, urlParams.versions === "all"),
        ),
      )
      .handle("like", ({ path }) =>
        Effect.flatMap(CurrentUser, (user) => catalog.like(user, path.id)),
      )
      .handle("unlike", ({ path }) =>
        Effect.flatMap(CurrentUser, (user) => catalog.unlike(user, path.id)),
      )
      .handle("play", ({ path }) =>
        Effect.flatMap(Effect.all([CurrentViewer, currentClient]), ([viewer, client]) =>
          catalog.play(viewer, path.id, client),
        ),
      )
      .handle("audio", ({ path, urlParams, request }) =>
        Effect.flatMap(viewerId, (viewer) =>
          catalog.audio(path.id, viewer, {
            rangeHeader: request.headers.range,
            download: urlParams.download !== undefined,
          }),
        ),
      )
      .handle("waveform", ({ path }) =>
        Effect.flatMap(CurrentViewer, (viewer) => catalog.waveform(path.id, viewer)),
      )
      .handle("wav", ({ path, request }) =>
        Effect.flatMap(CurrentViewer, (viewer) =>
          catalog.wav(path.id, viewer, request.headers.range),
        ),
      )
      .handle("midi", ({ path, request }) =>
        Effect.flatMap(CurrentUser, (user) =>
          catalog.midi(path.id, user.userId, request.headers.range),
        ),
      )
      .handle("syncedLyrics", ({ path }) =>
        Effect.flatMap(viewerId, (viewer) => catalog.syncedLyrics(path.id, viewer)),
      )
      .handle("lrc", ({ path }) =>
        Effect.flatMap(viewerId, (viewer) => catalog.lrc(path.id, viewer)),
      )
      .handle("cover", ({ path, urlParams, request }) =>
        Effect.flatMap(CurrentViewer, (viewer) =>
          catalog.cover(path.id, viewer, {
            rangeHeader: request.headers.range,
            acceptsWebp: /image\/webp/.test(request.headers.accept ?? ""),
            width: urlParams.width,
          }),
        ),
      )
  }),
)
