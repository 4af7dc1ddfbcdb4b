import { ListMusic } from "lucide-react"
import { cn } from "../../lib/cn.ts"

/**
 * A playlist's cover, drawn from its songs': the first one's alone, four in a square once it has four, a
 * plain tile while it has none.
 */
export const PlaylistCover = ({
  covers,
  name,
  className,
}: {
  readonly covers: ReadonlyArray<string>
  readonly name: string
  readonly className?: string
}) => {
  const shown = covers.length >= 4 ? covers.slice(0, 4) : covers.slice(0, 1)
  return (
    <div
      role="img"
      aria-label={`Cover of ${name}`}
      className={cn(
        "grid shrink-0 overflow-hidden rounded-xl bg-gradient-to-br from-stage/40 to-primary/30",
        shown.length === 4 && "grid-cols-2",
        className,
      )}
    >
      {shown.length === 0 ? (
        <ListMusic className="m-auto h-1/2 w-1/2 text-text/70" aria-hidden />
      ) : (
        shown.map((src) => (
          <img key={src} src={src} alt="" loading="lazy" className="h-full w-full object-cover" />
        ))
      )}
    </div>
  )
}
