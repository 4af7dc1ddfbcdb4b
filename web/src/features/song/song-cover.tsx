import { Music } from "lucide-react"
import { type ReactNode, useState } from "react"
import { coverSizes, coverSrcSet } from "#modules/catalog/api-covers.ts"

/**
 * The cover: our copy (at the width the page draws it), else the provider's link, else a note; each is
 * tried once (spec: images fall back rather than show as broken).
 */
export const SongCover = ({
  imageUrl,
  sourceImageUrl,
  title,
  drawn = "card",
  priority = false,
  children,
}: {
  readonly imageUrl: string | null
  readonly sourceImageUrl: string | null
  readonly title: string
  /** Where it is drawn, which says how wide. */
  readonly drawn?: keyof typeof coverSizes
  /** What a phone paints largest first: asked for at once, the rest when scrolled near. */
  readonly priority?: boolean
  readonly children?: ReactNode
}) => {
  const candidates = [imageUrl, sourceImageUrl].filter((url): url is string => Boolean(url))
  const [failed, setFailed] = useState(0)
  const src = candidates[failed]
  return (
    <div className="group relative aspect-square overflow-hidden rounded-2xl bg-gradient-to-br from-primary/30 via-pink/20 to-amber/20">
      {src ? (
        <img
          src={src}
          {...(src === imageUrl ? { srcSet: coverSrcSet(src), sizes: coverSizes[drawn] } : {})}
          alt={`Cover of ${title}`}
          {...(priority ? { fetchPriority: "high" as const } : { loading: "lazy" as const })}
          className="h-full w-full object-cover"
          onError={() => setFailed((n) => n + 1)}
        />
      ) : (
        <div
          className="grid h-full w-full place-items-center"
          role="img"
          aria-label={`Cover of ${title}`}
        >
          <Music className="h-12 w-12 text-white/70" aria-hidden />
        </div>
      )}
      {children}
    </div>
  )
}
