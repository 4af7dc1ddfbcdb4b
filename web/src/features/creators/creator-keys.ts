/** Creators' pages, by username in lower case (a username is one person whatever its letters). */
export const creatorKeys = {
  all: ["creators"] as const,
  one: (username: string) => ["creators", username.toLowerCase()] as const,
}
