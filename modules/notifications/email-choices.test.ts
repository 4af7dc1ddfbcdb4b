import { describe, it } from "vitest"
import { EmailChoiceChanged } from "#events/contracts/notifications.ts"
import { given } from "#events/testing.ts"
import { emailChoices } from "./email-choices.ts"

const off = new EmailChoiceChanged({ userId: "u", topic: "replies", enabled: false })

describe("a person's mail choices", () => {
  it("mail replies until turned off, and turning off twice records it once", () => {
    given(emailChoices, []).when({ userId: "u", topic: "replies", enabled: false }).thenEmits([off])
    given(emailChoices, [off]).when({ userId: "u", topic: "replies", enabled: false }).thenNothing()
    given(emailChoices, []).when({ userId: "u", topic: "replies", enabled: true }).thenNothing()
  })

  it("mail finished songs only once asked for, each topic on its own", () => {
    given(emailChoices, [])
      .when({ userId: "u", topic: "song_finished", enabled: false })
      .thenNothing()
    given(emailChoices, [off])
      .when({ userId: "u", topic: "song_finished", enabled: true })
      .thenEmits([new EmailChoiceChanged({ userId: "u", topic: "song_finished", enabled: true })])
    given(emailChoices, [off])
      .when({ userId: "u", topic: "replies", enabled: true })
      .thenEmits([new EmailChoiceChanged({ userId: "u", topic: "replies", enabled: true })])
  })
})
