import { Either } from "effect"
import { EmailChoiceChanged, type EmailTopic } from "#events/contracts/notifications.ts"
import type { Decider } from "#events/decider.ts"

export type EmailChoices = Readonly<Record<EmailTopic, boolean>>

/**
 * A person's mail about each topic, as they chose it; asking for what holds records nothing. Replies are
 * mailed until turned off; finished songs only once asked for (a creator making twenty songs an evening
 * hears of each on the page already).
 */
export interface ChooseEmail {
  readonly userId: string
  readonly topic: EmailTopic
  readonly enabled: boolean
}

export const firstChoices: EmailChoices = { song_finished: false, replies: true }

export const emailChoices: Decider<ChooseEmail, EmailChoiceChanged, EmailChoices, never> = {
  initialState: firstChoices,
  evolve: (choices, event) => ({ ...choices, [event.topic]: event.enabled }),
  decide: (command, choices) =>
    Either.right(
      choices[command.topic] === command.enabled ? [] : [new EmailChoiceChanged(command)],
    ),
}
