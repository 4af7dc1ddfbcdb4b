import { cn } from "../../lib/cn.ts"

/** A stable number from a text (FNV-1a), so a name always draws the same picture. */
const hashOf = (text: string) => {
  let hash = 0x811c9dc5
  for (const char of text) {
    hash ^= char.codePointAt(0) ?? 0
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/** Up to two letters from a display name, else from the username. */
const initialsOf = (name: string, username: string) => {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.length > 0 ? words.slice(0, 2).map((w) => [...w][0]) : [[...username][0]]
  return letters.join("").toUpperCase()
}

/**
 * A creator's picture: the one they uploaded (`src`), else one drawn from their username: two hues and an
 * angle of a gradient, with their initials, so nobody is a blank placeholder and everyone keeps the same.
 */
export const CreatorAvatar = ({
  username,
  name,
  src,
  className,
}: {
  readonly username: string
  readonly name: string
  readonly src?: string | null
  readonly className?: string
}) => {
  if (src)
    return (
      <img
        src={src}
        alt={`${name || username}'s avatar`}
        width={512}
        height={512}
        className={cn("shrink-0 rounded-full object-cover", className)}
      />
    )
  const hash = hashOf(username.toLowerCase())
  const hue = hash % 360
  const second = (hue + 40 + ((hash >>> 9) % 100)) % 360
  const angle = (hash >>> 17) % 360
  return (
    <span
      role="img"
      aria-label={`${name || username}'s avatar`}
      className={cn(
        "inline-flex shrink-0 select-none items-center justify-center rounded-full font-display font-bold text-white",
        className,
      )}
      style={{
        backgroundImage: `linear-gradient(${angle}deg, hsl(${hue} 70% 45%), hsl(${second} 75% 35%))`,
      }}
    >
      {initialsOf(name, username)}
    </span>
  )
}
