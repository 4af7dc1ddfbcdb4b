import { Music } from "lucide-react"
import { type ReactNode, useState } from "react"

/**
 * The cover: our copy, else the provider's link, else a note; each is tried once (spec: images fall
 * back rather than show as broken).
 */
export const SongCover = ({
  imageUrl,
  sourceImageUrl,
  title,
  children,
}: {
  readonly imageUrl: string | null
  readonly sourceImageUrl: string | null
  readonly title: string
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
          alt={`Cover of ${title}`}
          loading="lazy"
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
