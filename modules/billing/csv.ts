/**
 * Comma-separated values as spreadsheets read them (RFC 4180). A text that a spreadsheet would take for a
 * formula (=, +, -, @ at its start) is prefixed with an apostrophe: a reason typed by someone must never
 * run as one on a finance team's machine.
 */
const cell = (value: string | number): string => {
  if (typeof value === "number") return String(value)
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

export const toCsv = (
  header: ReadonlyArray<string>,
  rows: ReadonlyArray<ReadonlyArray<string | number>>,
): string => `${[header, ...rows].map((row) => row.map(cell).join(",")).join("\r\n")}\r\n`
