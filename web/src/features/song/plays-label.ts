const count = new Intl.NumberFormat("en")

/** "1 play", "1,204 plays". */
export const playsLabel = (plays: number) =>
  `${count.format(plays)} ${plays === 1 ? "play" : "plays"}`
