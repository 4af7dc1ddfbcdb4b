import { escapeHtml } from "#toolkit/escape-html.ts"
import type { OutgoingMail } from "./mailer.ts"

/** One layout for every mail: dark header, one message, one button, the link spelled out as well. */
export const layout = (options: {
  readonly heading: string
  readonly paragraphs: ReadonlyArray<string>
  readonly action: string
  readonly link: string
  readonly footnote: string
}) => `<!doctype html>
<html><body style="margin:0;background:#0b0a1a;font-family:Inter,Segoe UI,Helvetica,Arial,sans-serif;color:#f4f2ff">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="padding:32px 12px">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#131128;border:1px solid #2b2752;border-radius:20px;padding:32px">
<tr><td style="font-size:20px;font-weight:800;letter-spacing:-0.02em">Melody <span style="color:#ec4899">Studio</span></td></tr>
<tr><td style="padding-top:24px;font-size:22px;font-weight:700">${escapeHtml(options.heading)}</td></tr>
${options.paragraphs.map((p) => `<tr><td style="padding-top:12px;font-size:15px;line-height:1.6;color:#a7a2c9">${escapeHtml(p)}</td></tr>`).join("\n")}
<tr><td style="padding-top:28px"><a href="${escapeHtml(options.link)}" style="display:inline-block;background:linear-gradient(120deg,#9333ea,#ec4899 60%,#f59e0b);color:#fff;text-decoration:none;font-weight:700;padding:12px 22px;border-radius:12px">${escapeHtml(options.action)}</a></td></tr>
<tr><td style="padding-top:24px;font-size:12px;line-height:1.6;color:#716c99">If the button does not work, open this link:<br><a href="${escapeHtml(options.link)}" style="color:#a7a2c9;word-break:break-all">${escapeHtml(options.link)}</a></td></tr>
<tr><td style="padding-top:16px;font-size:12px;color:#716c99">${escapeHtml(options.footnote)}</td></tr>
</table></td></tr></table></body></html>`

export const verificationMail = (
  to: string,
  name: string,
  link: string,
  hours: number,
): OutgoingMail => ({
  to,
  subject: "Verify your email for Melody Studio",
  text: [
    `Hi ${name},`,
    "",
    "Welcome to Melody Studio! Please confirm your email address to activate your account fully:",
    "",
    link,
    "",
    `The link works once and expires in ${hours} hours. If you did not create an account, ignore this mail.`,
  ].join("\n"),
  html: layout({
    heading: `Welcome, ${name}!`,
    paragraphs: ["Please confirm your email address to activate your Melody Studio account fully."],
    action: "Verify my email",
    link,
    footnote: `The link works once and expires in ${hours} hours. If you did not create an account, ignore this mail.`,
  }),
})

export const passwordResetMail = (
  to: string,
  name: string,
  link: string,
  minutes: number,
): OutgoingMail => ({
  to,
  subject: "Reset your Melody Studio password",
  text: [
    `Hi ${name},`,
    "",
    "Someone asked to reset the password of your Melody Studio account. To choose a new password, open:",
    "",
    link,
    "",
    `The link works once and expires in ${minutes} minutes. If it was not you, ignore this mail: your password stays as it is.`,
  ].join("\n"),
  html: layout({
    heading: "Reset your password",
    paragraphs: [
      "Someone asked to reset the password of your Melody Studio account. If it was you, choose a new one:",
    ],
    action: "Choose a new password",
    link,
    footnote: `The link works once and expires in ${minutes} minutes. If it was not you, ignore this mail: your password stays as it is.`,
  }),
})
