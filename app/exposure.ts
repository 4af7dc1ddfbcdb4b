import type { AppConfigShape } from "./config.ts"

const loopbackHosts = new Set(["localhost", "::1", "[::1]"])

const isLoopbackName = (host: string) => {
  const name = host.toLowerCase()
  return loopbackHosts.has(name) || name.endsWith(".localhost") || /^127\.\d+\.\d+\.\d+$/.test(name)
}

/** Whether the server accepts connections from other machines, by the address it listens on. */
export const listensBeyondLoopback = (host: string) => !isLoopbackName(host)

/**
 * Why people on other machines may reach this server, as its settings say: it listens beyond loopback,
 * it trusts a proxy in front of it, or its address (APP_URL, where its mails' links point) names another
 * machine, which is how a proxy that is not trusted (or adds no headers) shows. None on a developer's
 * machine.
 */
const reachedFromElsewhere = (config: AppConfigShape): ReadonlyArray<string> => {
  const appUrl = new URL(config.appUrl)
  return [
    ...(listensBeyondLoopback(config.host) ? [`it listens on ${config.host}`] : []),
    ...(config.trustProxy._tag === "None"
      ? []
      : ["it trusts a proxy in front of it (TRUST_PROXY)"]),
    ...(isLoopbackName(appUrl.hostname) ? [] : [`it is reached at ${appUrl.origin} (APP_URL)`]),
  ]
}

/**
 * Whether the development mailbox may answer at all: only on a server nobody else reaches. A caller is
 * taken as local by its loopback connection and the absence of forwarding headers, which a proxy on this
 * machine that adds none (haproxy in TCP mode, nginx without proxy_set_header) gives every request.
 */
export const mailboxMayAnswer = (config: AppConfigShape) =>
  reachedFromElsewhere(config).length === 0

/**
 * What an operator must hear about at start and in /api/health: settings that are fine on a developer's
 * machine and wrong on one other people reach.
 */
export const exposureWarnings = (config: AppConfigShape, mailStaysInOutbox: boolean) => {
  const reasons = reachedFromElsewhere(config)
  return mailStaysInOutbox && reasons.length > 0
    ? [
        `Mail is not configured (SMTP_URL is unset) while others can reach this server: ${reasons.join("; ")}. ` +
          "Verification and password-reset mails stay in an outbox nobody can read: the development mailbox is off " +
          "on such a server, since a request that looks local may have come through a proxy. Set SMTP_URL.",
      ]
    : []
}
