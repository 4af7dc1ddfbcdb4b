import type AxeBuilder from "@axe-core/playwright"

type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number]

/** The WCAG 2.1 A and AA rules: what the audit asks axe to check. */
export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

/** Violations a journey fails on: those axe says block or seriously hinder someone. */
export const isBlocking = (violation: Violation) =>
  violation.impact === "serious" || violation.impact === "critical"

/** A page's route, its ids and usernames as parameters: /song/:id, /u/:id. */
export const routeOf = (pathname: string) =>
  pathname
    .split("/")
    .map((segment, index, all) => (/\d/.test(segment) || all[index - 1] === "u" ? ":id" : segment))
    .join("/")

const shownTargets = 5

const describeViolation = (violation: Violation) => {
  const targets = violation.nodes.map((node) => node.target.join(" >>> "))
  const more = targets.length - shownTargets
  return [
    `  ${violation.id} (${violation.impact}): ${violation.help}`,
    ...targets.slice(0, shownTargets).map((target) => `    ${target}`),
    ...(more > 0 ? [`    and ${more} more`] : []),
  ].join("\n")
}

/** One audited page's blocking violations, as a journey's failure shows them. */
export const describeFindings = (page: string, url: string, violations: ReadonlyArray<Violation>) =>
  [
    `Accessibility: ${violations.length} serious or critical axe violation(s) on ${page}, at ${url}:`,
    ...violations.map(describeViolation),
  ].join("\n")
