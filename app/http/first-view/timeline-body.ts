import { songPaths } from "#events/contracts/song-paths.ts"
import type { SongView } from "#projections/songs/api.ts"
import { escapeHtml } from "#toolkit/escape-html.ts"
import { buttonClass } from "./page-frame.ts"
import { audioHtml, coverHtml, creatorName } from "./song-body.ts"

/** Covers a phone sees before scrolling: fetched at once, the rest when near. */
const eagerCovers = 2

const card = (song: SongView, index: number) =>
  `<div role="article" aria-label="${escapeHtml(song.title)}" class="rounded-[var(--radius-card)] border border-line bg-surface/80 shadow-xl shadow-black/20 flex flex-col gap-3 p-4">${coverHtml(song, index < eagerCovers, "card")}${audioHtml(song)}<div class="min-w-0"><h2 class="font-display text-base leading-tight font-semibold"><a href="${songPaths.page(song.id)}">${escapeHtml(song.title)}</a></h2><p class="truncate text-xs text-muted">${escapeHtml(creatorName(song))}</p></div><p class="truncate text-xs text-faint">${escapeHtml(song.style)}</p></div>`

const empty = `<div class="mx-auto max-w-md py-16 text-center"><p class="text-muted">No public songs available yet. Be the first to share your creation!</p><a href="/chat" class="${buttonClass("md")} mt-6">Create a Song</a></div>`

/** The timeline's first page as web/src/features/timeline/timeline-page.tsx lays it out. */
export const timelineBody = (songs: ReadonlyArray<SongView>) =>
  `<section class="mx-auto max-w-6xl animate-rise space-y-6"><header class="flex flex-wrap items-end justify-between gap-4"><div><h1 class="font-display text-3xl font-bold tracking-tight sm:text-4xl">Public timeline</h1><p class="mt-2 text-muted">Songs people made and shared, the most liked first.</p></div><a href="/chat" class="${buttonClass("md")}">Create Your Song</a></header>${
    songs.length === 0
      ? empty
      : `<div class="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">${songs.map(card).join("")}</div>`
  }</section>`
