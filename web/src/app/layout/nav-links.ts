/** Where a signed-in creator can go; administrators get only their dashboard. */
export const creatorLinks = [
  { to: "/", label: "Home", end: true },
  { to: "/chat", label: "Melody AI", beta: true },
  { to: "/library", label: "My Songs" },
  { to: "/voices", label: "Voices" },
  { to: "/credits", label: "Credits" },
  { to: "/how-to", label: "How To" },
  { to: "/about", label: "About" },
] as const

export const adminLinks = [{ to: "/admin", label: "Admin Dashboard" }] as const

export type NavLink = {
  readonly to: string
  readonly label: string
  readonly end?: boolean
  readonly beta?: boolean
}
