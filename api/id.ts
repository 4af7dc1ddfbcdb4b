import { HttpApi, type HttpApiGroup } from "@effect/platform"

/**
 * The id and path prefix of the app's one HttpApi. A module builds its handlers against an API of its own
 * group with this same id and prefix (`moduleApi`), which provides exactly the group the app's API needs,
 * at the same paths, without the module importing the app.
 */
export const apiId = "melody" as const
export const apiPrefix = "/api" as const

export const moduleApi = <Group extends HttpApiGroup.HttpApiGroup.Any>(group: Group) =>
  HttpApi.make(apiId).add(group).prefix(apiPrefix)
