/**
 * Whether a style asks for no voice ("ambient, instrumental", "piano, no vocals"): Melody writes it so, and
 * the Generate Song block then starts with its Instrumental switch on.
 */
export const saysInstrumental = (style: string) =>
  /(?<![\p{L}])(?:instrumental|no vocals?|without (?:any )?(?:vocals?|singing))(?![\p{L}])/iu.test(
    style,
  )
