import { ChevronDown } from "lucide-react"
import { useId, useState } from "react"
import { cn } from "../../lib/cn.ts"

/** 'Show Lyrics' / 'Hide Lyrics'. */
export const LyricsToggle = ({ lyrics }: { readonly lyrics: string }) => {
  const [open, setOpen] = useState(false)
  const id = useId()
  if (!lyrics.trim()) return null
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        className="flex items-center gap-1 text-xs font-semibold text-primary hover:text-pink"
      >
        {open ? "Hide Lyrics" : "Show Lyrics"}
        <ChevronDown className={cn("h-3.5 w-3.5 transition", open && "rotate-180")} aria-hidden />
      </button>
      {open && (
        <pre
          id={id}
          className="mt-2 max-h-72 overflow-y-auto rounded-xl bg-ink/60 p-3 font-mono text-[0.78rem] whitespace-pre-wrap text-muted"
        >
          {lyrics}
        </pre>
      )}
    </div>
  )
}
