import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { CurrentViewer } from "#api/auth.ts"
import { moduleApi } from "#api/id.ts"
import { SearchApi } from "./api.ts"
import { SearchReads } from "./reads.ts"

export const SearchHttpLive = HttpApiBuilder.group(moduleApi(SearchApi), "search", (handlers) =>
  Effect.gen(function* () {
    const reads = yield* SearchReads
    return handlers.handle("search", ({ urlParams }) =>
      Effect.flatMap(CurrentViewer, (viewer) =>
        reads.search(urlParams.q, urlParams.limit, viewer?.userId),
      ),
    )
  }),
)
