/** Credits a song generation costs (two versions of one song). Plain, so pages can show it without loading schemas. */
export const songCost = 5
