/** Joins class names, dropping the falsy ones. */
export const cn = (...classes: ReadonlyArray<string | false | null | undefined>): string =>
  classes.filter(Boolean).join(" ")
