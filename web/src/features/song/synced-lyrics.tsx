import { useQuery } from "@tanstack/react-query"
import { useEffect, useRef, useState } from "react"
import type { SyncedLine } from "#modules/catalog/api-synced-lyrics.ts"
import type { AudioState } from "../../components/player/use-player.ts"
import { cn } from "../../lib/cn.ts"
import { syncedLyricsQuery } from "./song-queries.ts"

/** Where the audio is, in milliseconds: every frame while it plays, so words light up as they are sung. */
const usePlayingMs = (audio: AudioState) => {
  const [ms, setMs] = useState(audio.position * 1000)
  useEffect(() => {
    setMs(audio.position * 1000)
    if (!audio.isPlaying) return
    let frame = requestAnimationFrame(function follow() {
      setMs(audio.now() * 1000)
      frame = requestAnimationFrame(follow)
    })
    return () => cancelAnimationFrame(frame)
  }, [audio.isPlaying, audio.position, audio.now])
  return ms
}

/** The line being sung: the last to have started (none before the first). */
const currentLine = (lines: ReadonlyArray<SyncedLine>, ms: number) =>
  lines.findLastIndex((line) => line.startMs <= ms)

/**
 * The lyrics in time with the song: the line being sung stands out, its words light up as they are sung,
 * the list keeps it in view, and a click on a line plays from there. The plain lyrics stand in until the
 * timings arrive, or if they cannot be read.
 */
export const SyncedLyrics = ({
  songId,
  lyrics,
  audio,
  className,
}: {
  readonly songId: string
  readonly lyrics: string
  readonly audio: AudioState
  readonly className?: string
}) => {
  const synced = useQuery(syncedLyricsQuery(songId))
  const ms = usePlayingMs(audio)
  const list = useRef<HTMLOListElement>(null)
  const lines = synced.data?.lines ?? []
  const current = currentLine(lines, ms)

  useEffect(() => {
    const box = list.current
    const line = box?.children[current] as HTMLElement | undefined
    if (!box || !line) return
    const top = line.offsetTop - box.offsetTop
    if (top < box.scrollTop || top + line.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTo({ top: Math.max(0, top - box.clientHeight / 3), behavior: "smooth" })
  }, [current])

  if (!synced.data) {
    return <pre className={cn("font-mono whitespace-pre-wrap text-muted", className)}>{lyrics}</pre>
  }
  const playFrom = (line: SyncedLine) => {
    audio.seek(line.startMs / 1000)
    if (!audio.isPlaying) audio.toggle()
  }
  return (
    <ol
      ref={list}
      aria-label="Lyrics in time with the song"
      className={cn("relative grid gap-1 overflow-y-auto", className)}
    >
      {lines.map((line, i) => (
        <li key={line.startMs}>
          <button
            type="button"
            onClick={() => playFrom(line)}
            aria-current={i === current ? "true" : undefined}
            className={cn(
              "w-full rounded-lg px-2 py-1 text-left transition",
              i === current
                ? "bg-primary/15 font-semibold text-text"
                : "text-muted hover:text-text",
            )}
          >
            {i === current && line.words.length > 0
              ? line.words.map((word, w) => (
                  <span
                    key={`${word.startMs}${word.text}`}
                    className={cn(word.startMs <= ms ? "text-pink" : undefined)}
                  >
                    {w > 0 ? " " : ""}
                    {word.text}
                  </span>
                ))
              : line.text}
          </button>
        </li>
      ))}
    </ol>
  )
}
