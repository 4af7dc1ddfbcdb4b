import { useQuery } from "@tanstack/react-query"
import { useId, useState } from "react"
import { useNavigate } from "react-router"
import { songPaths } from "#modules/catalog/api-song-paths.ts"
import { playlistPaths } from "#modules/playlists/api-paths.ts"
import { cn } from "../../lib/cn.ts"
import { SearchField } from "./search-field.tsx"
import { resultsPath, searchable, searchQuery } from "./search-queries.ts"
import { useDebounced } from "./use-debounced.ts"

interface Option {
  readonly key: string
  readonly label: string
  readonly detail: string
  readonly to: string
}

/** How many suggestions the box shows: a few of each, and the whole results a key away. */
const suggested = { creators: 3, playlists: 2, songs: 5 }

/**
 * The header's search box: suggestions as one types (creators, playlists, then songs), moved through with the
 * arrows, opened with Enter, closed with Escape; Enter without a chosen suggestion opens the whole
 * results. `onDone` is told when the box is left: a place was opened, Escape pressed with no suggestions
 * showing (`escaped`), or focus moved elsewhere.
 */
export const SearchBox = ({
  onDone,
}: {
  readonly onDone: (how: { readonly escaped: boolean }) => void
}) => {
  const navigate = useNavigate()
  const listId = useId()
  const [question, setQuestion] = useState("")
  const [open, setOpen] = useState(false)
  // The chosen suggestion by its key: results that arrive meanwhile never move the choice to another.
  const [chosenKey, setChosenKey] = useState<string | undefined>(undefined)
  const asked = useDebounced(question.trim(), 200)
  const results = useQuery(searchQuery(asked, suggested.songs))
  const options: ReadonlyArray<Option> =
    !searchable(asked) || !results.data
      ? []
      : [
          ...results.data.creators.slice(0, suggested.creators).map((c) => ({
            key: `creator-${c.username}`,
            label: c.name || c.username,
            detail: `@${c.username}`,
            to: `/u/${c.username}`,
          })),
          ...results.data.playlists.slice(0, suggested.playlists).map((p) => ({
            key: `playlist-${p.id}`,
            label: p.name,
            detail: `Playlist by ${p.owner.username}`,
            to: playlistPaths.page(p.id),
          })),
          ...results.data.songs.map((s) => ({
            key: `song-${s.id}`,
            label: s.title,
            detail: s.creator.username ? `by ${s.creator.username}` : s.style,
            to: songPaths.page(s.id),
          })),
          { key: "all", label: `All results for “${asked}”`, detail: "", to: resultsPath(asked) },
        ]
  const expanded = open && options.length > 0
  const active = options.findIndex((option) => option.key === chosenKey)
  const go = (to: string) => {
    navigate(to)
    onDone({ escaped: false })
  }
  const move = (by: number) => {
    setOpen(true)
    if (options.length === 0) return
    const next =
      active === -1 && by < 0 ? options.length - 1 : (active + by + options.length) % options.length
    setChosenKey(options[next]!.key)
  }
  return (
    <search className="relative block w-full">
      <form
        action="/search"
        onSubmit={(event) => {
          event.preventDefault()
          const chosen = expanded ? options[active] : undefined
          if (chosen) go(chosen.to)
          else if (question.trim() !== "") go(resultsPath(question.trim()))
        }}
      >
        <SearchField
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          // The box opens because its button was just pressed.
          autoFocus
          placeholder="Search"
          value={question}
          onChange={(event) => {
            setQuestion(event.target.value)
            setOpen(true)
            setChosenKey(undefined)
          }}
          onBlur={() => onDone({ escaped: false })}
          onKeyDown={(event) => {
            if (event.key === "ArrowDown") {
              event.preventDefault()
              move(1)
            } else if (event.key === "ArrowUp") {
              event.preventDefault()
              move(-1)
            } else if (event.key === "Escape") {
              event.preventDefault()
              setChosenKey(undefined)
              if (expanded) setOpen(false)
              else onDone({ escaped: true })
            }
          }}
        />
        <div
          id={listId}
          role="listbox"
          aria-label="Suggestions"
          hidden={!expanded}
          // A press anywhere on the list (an option, its padding, its scroll bar) keeps the field's focus,
          // whose loss would close the box before the click chose anything.
          onMouseDown={(event) => event.preventDefault()}
          className="glass absolute inset-x-0 top-11 z-40 max-h-96 overflow-y-auto rounded-2xl border border-line p-1 shadow-2xl shadow-black/40"
        >
          {options.map((option, index) => (
            // Chosen from the field, which keeps focus (aria-activedescendant), or by a click.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the field's arrow keys and Enter choose it
            // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the field, as the pattern asks
            <div
              key={option.key}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              // Chosen before the field loses focus, which would close the list first.
              onClick={() => go(option.to)}
              className={cn(
                "cursor-pointer rounded-xl px-3 py-2 text-sm",
                index === active
                  ? "bg-surface-raised text-text"
                  : "text-muted hover:bg-surface-raised",
              )}
            >
              <span className="block truncate font-medium text-text">{option.label}</span>
              {option.detail && <span className="block truncate text-xs">{option.detail}</span>}
            </div>
          ))}
        </div>
      </form>
    </search>
  )
}
