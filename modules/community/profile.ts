import { Either } from "effect"
import { CreatorProfileEdited, type ProfileEvent } from "#events/contracts/community.ts"
import type { Decider } from "#events/decider.ts"

export interface ProfileText {
  readonly name: string
  readonly bio: string
  readonly links: ReadonlyArray<string>
}

/** A creator's words about themselves: saving what is already there records nothing. */
export type ProfileCommand = { readonly _tag: "EditProfile"; readonly userId: string } & ProfileText

const same = (a: ProfileText, b: ProfileText) =>
  a.name === b.name &&
  a.bio === b.bio &&
  a.links.length === b.links.length &&
  a.links.every((link, i) => link === b.links[i])

export const profile: Decider<ProfileCommand, ProfileEvent, ProfileText | null, never> = {
  initialState: null,
  evolve: (_state, event) => ({ name: event.name, bio: event.bio, links: event.links }),
  decide: (command, state) => {
    const { _tag, ...edit } = command
    return Either.right(state !== null && same(state, edit) ? [] : [new CreatorProfileEdited(edit)])
  },
}
