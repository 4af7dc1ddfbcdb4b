/** The least a song needs to be placed in its family: its id, and the song an operation made it from. */
interface Related {
  readonly id: string
  readonly origin: { readonly songId: string } | null
}

/**
 * Each song's family, named by its first ancestor among the songs given: a song and everything extended,
 * re-sung or covered from it, however many steps away. A song whose origin is not among them starts its
 * own family.
 */
export const familiesOf = (songs: ReadonlyArray<Related>): ReadonlyMap<string, string> => {
  const byId = new Map(songs.map((song) => [song.id, song]))
  const roots = new Map<string, string>()
  const rootOf = (song: Related, seen: Set<string>): string => {
    const known = roots.get(song.id)
    if (known !== undefined) return known
    const parent = song.origin ? byId.get(song.origin.songId) : undefined
    const root = parent && !seen.has(parent.id) ? rootOf(parent, seen.add(song.id)) : song.id
    roots.set(song.id, root)
    return root
  }
  for (const song of songs) rootOf(song, new Set())
  return roots
}

/** How many songs each family has. */
export const familySizes = (families: ReadonlyMap<string, string>) => {
  const sizes = new Map<string, number>()
  for (const root of families.values()) sizes.set(root, (sizes.get(root) ?? 0) + 1)
  return sizes
}
