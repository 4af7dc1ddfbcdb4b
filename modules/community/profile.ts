import { Either } from "effect"
import {
  CreatorAvatarChanged,
  CreatorProfileEdited,
  type ProfileEvent,
} from "#events/contracts/community.ts"
import type { Decider } from "#events/decider.ts"

export interface ProfileText {
  readonly name: string
  readonly bio: string
  readonly links: ReadonlyArray<string>
}

/** What a creator's page says of them, and the avatar they uploaded (null: the one drawn from their name). */
export interface ProfileState {
  readonly text: ProfileText | null
  readonly avatarKey: string | null
}

/** A creator's words about themselves, or their avatar: saving what is already there records nothing. */
export type ProfileCommand =
  | ({ readonly _tag: "EditProfile"; readonly userId: string } & ProfileText)
  | { readonly _tag: "SetAvatar"; readonly userId: string; readonly avatarKey: string | null }

const same = (a: ProfileText, b: ProfileText) =>
  a.name === b.name &&
  a.bio === b.bio &&
  a.links.length === b.links.length &&
  a.links.every((link, i) => link === b.links[i])

export const profile: Decider<ProfileCommand, ProfileEvent, ProfileState, never> = {
  initialState: { text: null, avatarKey: null },
  evolve: (state, event) =>
    event._tag === "CreatorAvatarChanged"
      ? { ...state, avatarKey: event.avatarKey }
      : { ...state, text: { name: event.name, bio: event.bio, links: event.links } },
  decide: (command, state) => {
    if (command._tag === "SetAvatar")
      return Either.right(
        command.avatarKey === state.avatarKey
          ? []
          : [
              new CreatorAvatarChanged({
                userId: command.userId,
                avatarKey: command.avatarKey,
                previousKey: state.avatarKey,
              }),
            ],
      )
    const { _tag, ...edit } = command
    return Either.right(
      state.text !== null && same(state.text, edit) ? [] : [new CreatorProfileEdited(edit)],
    )
  },
}
