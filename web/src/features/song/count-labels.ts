const count = new Intl.NumberFormat("en")

const label = (one: string, many: string) => (n: number) =>
  `${count.format(n)} ${n === 1 ? one : many}`

/** "1 play", "1,204 plays". */
export const playsLabel = label("play", "plays")

/** "1 comment", "12 comments". */
export const commentsLabel = label("comment", "comments")
