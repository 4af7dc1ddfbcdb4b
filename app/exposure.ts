import type { AppConfigShape } from "./config.ts"

const loopbackHosts = new Set(["localhost", "::1", "[::1]"])

/** Whether the server accepts connections from other machines, by the address it listens on. */
export const listensBeyondLoopback = (host: string) =>
  !(loopbackHosts.has(host.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(host))

/**
 * What an operator must hear about at start and in /api/health: settings that are fine on a developer's
 * machine and wrong on one other people reach.
 */
export const exposureWarnings = (config: AppConfigShape, mailStaysInOutbox: boolean) =>
  mailStaysInOutbox && listensBeyondLoopback(config.host)
    ? [
        `Mail is not configured (SMTP_URL is unset) while the server listens on ${config.host}, beyond this machine: ` +
          "verification and password-reset mails stay in the development mailbox, which answers only on this machine, " +
          "so nobody who signs up from elsewhere can receive them. Set SMTP_URL.",
      ]
    : []
