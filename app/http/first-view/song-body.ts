import { coverSizes, coverSrcSet } from "#events/contracts/cover-widths.ts"
import type { SongView } from "#projections/songs/api.ts"
import { escapeHtml } from "#toolkit/escape-html.ts"
import { coverOf } from "./song-head.ts"

const coverFrame =
  "group relative aspect-square overflow-hidden rounded-2xl bg-gradient-to-br from-primary/30 via-pink/20 to-amber/20"

/**
 * A song's cover for the first view: the first ones on a page are fetched at once (they are what a phone
 * paints largest), the rest when scrolled near; sized so nothing moves when they arrive, and ours at the
 * width the page draws it.
 */
export const coverHtml = (song: SongView, eager: boolean, drawn: keyof typeof coverSizes) => {
  const cover = coverOf(song)
  const alt = escapeHtml(`Cover of ${song.title}`)
  const widths =
    cover && cover === song.imageUrl
      ? ` srcset="${escapeHtml(coverSrcSet(cover))}" sizes="${coverSizes[drawn]}"`
      : ""
  const image = cover
    ? `<img src="${escapeHtml(cover)}"${widths} alt="${alt}" width="512" height="512" decoding="async" ${
        eager ? `fetchpriority="high"` : `loading="lazy"`
      } class="h-full w-full object-cover">`
    : `<div class="grid h-full w-full place-items-center" role="img" aria-label="${alt}"></div>`
  return `<div class="${coverFrame}">${image}</div>`
}

/** The browser's own player: it plays without the app. */
export const audioHtml = (song: SongView) =>
  `<audio controls preload="none" src="${escapeHtml(song.audioUrl)}" aria-label="${escapeHtml(
    `Play ${song.title}`,
  )}" class="w-full"></audio>`

export const creatorName = (song: SongView) => song.creator.username ?? "Unknown Creator"

/** A public song's page as web/src/features/song/song-page.tsx lays it out. */
export const songBody = (song: SongView) => {
  const lyrics = song.lyrics.trim()
    ? `<pre class="rounded-2xl border border-line bg-surface/80 p-5 font-mono text-sm whitespace-pre-wrap text-muted">${escapeHtml(song.lyrics)}</pre>`
    : ""
  return `<article class="mx-auto grid max-w-4xl animate-rise gap-8 md:grid-cols-[18rem_1fr]"><div class="grid content-start gap-4">${coverHtml(song, true, "page")}${audioHtml(song)}</div><div class="grid content-start gap-4"><header><h1 class="font-display text-3xl font-bold tracking-tight">${escapeHtml(song.title)}</h1><p class="mt-1 text-muted">by ${escapeHtml(creatorName(song))} · ${escapeHtml(song.style)}</p></header>${lyrics}<a href="/chat" class="inline-flex h-10 items-center justify-center justify-self-start gap-2 rounded-xl border border-line bg-surface-raised px-4 text-sm font-semibold text-text">Create your own song</a></div></article>`
}
