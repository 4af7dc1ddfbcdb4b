import { Search } from "lucide-react"
import { lazy, Suspense, useRef, useState } from "react"
import { Button } from "../../components/ui/button.tsx"

// Loaded when first opened: no page's first load carries search.
const SearchBox = lazy(() =>
  import("../../features/search/search-box.tsx").then((m) => ({ default: m.SearchBox })),
)

/**
 * The header's search: a button opens the box under the header, focused. It closes when left (a place
 * opened, focus gone elsewhere), and Escape gives focus back to the button.
 */
export const HeaderSearch = () => {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        aria-label="Search songs and creators"
        aria-expanded={open}
        // Pressed while open, it closes the box rather than blur it closed and open it again.
        onMouseDown={(event) => open && event.preventDefault()}
        onClick={() => setOpen((was) => !was)}
      >
        <Search className="h-5 w-5" aria-hidden />
      </Button>
      {open && (
        <div className="absolute inset-x-0 top-16 border-b border-line/70 bg-ink/95 px-4 py-3 sm:px-6">
          <div className="mx-auto max-w-2xl">
            <Suspense fallback={null}>
              <SearchBox
                onDone={({ escaped }) => {
                  setOpen(false)
                  if (escaped) button.current?.focus()
                }}
              />
            </Suspense>
          </div>
        </div>
      )}
    </>
  )
}
