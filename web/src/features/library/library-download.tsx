import { Archive } from "lucide-react"
import { Button, type ButtonProps } from "../../components/ui/button.tsx"
import { toast } from "../../lib/toast/toast-store.ts"

/** Where the whole library is served as one zip: its size is known, so the browser shows the progress. */
const libraryZip = "/api/library/download"

/**
 * 'Download my library': every song with its lyrics, cover and details in one zip, saved by the browser
 * as it arrives (its own download bar shows how far it is), so nobody ever loses their songs.
 */
export const LibraryDownload = ({
  label = true,
  size = "md",
  variant = "secondary",
}: {
  readonly label?: boolean
  readonly size?: ButtonProps["size"]
  readonly variant?: ButtonProps["variant"]
}) => (
  <Button asChild variant={variant} size={size}>
    <a
      href={libraryZip}
      download
      title="Download my library"
      aria-label="Download my library"
      onClick={() =>
        toast({
          title: "Downloading your library",
          description: "Every song, with its lyrics and cover. Your browser shows the progress.",
        })
      }
    >
      <Archive className="h-4 w-4" aria-hidden />
      {label && "Download my library"}
    </a>
  </Button>
)
