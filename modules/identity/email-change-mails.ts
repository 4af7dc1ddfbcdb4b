import type { OutgoingMail } from "./mailer.ts"
import { layout } from "./mails.ts"

/** To the new address: the link that moves the account to it. */
export const confirmEmailMail = (
  to: string,
  name: string,
  link: string,
  hours: number,
): OutgoingMail => {
  const footnote = `The link works once and expires in ${hours} hours. If you did not ask for this, ignore this mail: nothing changes.`
  return {
    to,
    subject: "Confirm your new email for Melody Studio",
    text: [
      `Hi ${name},`,
      "",
      "To move your Melody Studio account to this address, open:",
      "",
      link,
      "",
      footnote,
    ].join("\n"),
    html: layout({
      heading: "Confirm your new email",
      paragraphs: ["Open the link to move your Melody Studio account to this address."],
      action: "Confirm my new email",
      link,
      footnote,
    }),
  }
}

/** To the old address: the change, and the link that takes it back within `days`. */
export const emailChangedMail = (
  to: string,
  name: string,
  newAddress: string,
  link: string,
  days: number,
): OutgoingMail => {
  const said = `Your Melody Studio account now uses ${newAddress} instead of this address.`
  const footnote = `If it was you, there is nothing to do. The link works once, for ${days} days; taking the change back also signs out every session.`
  return {
    to,
    subject: "Your Melody Studio email was changed",
    text: [
      `Hi ${name},`,
      "",
      said,
      "If you did not do this, take it back now:",
      "",
      link,
      "",
      footnote,
    ].join("\n"),
    html: layout({
      heading: "Your email was changed",
      paragraphs: [said, "If you did not do this, take it back now."],
      action: "This wasn't me: undo the change",
      link,
      footnote,
    }),
  }
}
