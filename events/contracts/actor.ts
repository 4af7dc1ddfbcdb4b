import { Schema } from "effect"

/** Who caused a fact: a signed-in user, an administrator, or the system itself (jobs, reactions). */
export const UserActor = Schema.TaggedStruct("User", { userId: Schema.String })
export const AdminActor = Schema.TaggedStruct("Admin", { userId: Schema.String })
export const SystemActor = Schema.TaggedStruct("System", { process: Schema.String })
export const AnonymousActor = Schema.TaggedStruct("Anonymous", {})

export const Actor = Schema.Union(UserActor, AdminActor, SystemActor, AnonymousActor)
export type Actor = typeof Actor.Type

export const Actors = {
  user: (userId: string): Actor => ({ _tag: "User", userId }),
  admin: (userId: string): Actor => ({ _tag: "Admin", userId }),
  system: (process: string): Actor => ({ _tag: "System", process }),
  anonymous: { _tag: "Anonymous" } as Actor,
}

/** The user an actor acts as, if any. */
export const actorUserId = (actor: Actor): string | undefined =>
  actor._tag === "User" || actor._tag === "Admin" ? actor.userId : undefined
