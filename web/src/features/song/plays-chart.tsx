import { useQuery } from "@tanstack/react-query"
import type { DayOfPlays } from "#projections/songs/api.ts"
import { apiQuery } from "../../lib/api.ts"
import { songKeys } from "../../lib/song-cache.ts"
import { playsLabel } from "./count-labels.ts"

const dailyPlaysQuery = (songId: string) =>
  apiQuery({
    queryKey: songKeys.dailyPlays(songId),
    call: (api) => api.songs.dailyPlays({ path: { id: songId } }),
  })

/** Each bar's width and the chart's height, in the drawing's own units. */
const bar = 10
const height = 48

/** A day's bar: at least a sliver, so a day without plays still shows where it is. */
const Bar = ({ day, index, most }: { day: DayOfPlays; index: number; most: number }) => {
  const tall = Math.max(1.5, (day.plays / most) * height)
  return (
    <rect
      x={index * bar + 1}
      y={height - tall}
      width={bar - 2}
      height={tall}
      rx={1.5}
      className={day.plays > 0 ? "fill-primary" : "fill-line"}
    >
      <title>{`${day.day}: ${playsLabel(day.plays)}`}</title>
    </rect>
  )
}

/** For the song's owner: its plays on each of the last 30 days, one bar a day, today last. */
export const PlaysChart = ({ songId }: { readonly songId: string }) => {
  const { data } = useQuery(dailyPlaysQuery(songId))
  if (!data) return null
  const busiest = data.days.reduce((best, day) => (day.plays > best.plays ? day : best))
  const most = Math.max(1, busiest.plays)
  const total = data.days.reduce((sum, day) => sum + day.plays, 0)
  const summary =
    total === 0
      ? "No plays in the last 30 days"
      : `Plays per day over the last 30 days; the most on ${busiest.day}: ${playsLabel(busiest.plays)}`
  return (
    <figure className="rounded-2xl border border-line bg-surface/80 p-4">
      <figcaption className="text-sm text-muted">
        {playsLabel(total)} in the last 30 days
      </figcaption>
      <svg
        viewBox={`0 0 ${data.days.length * bar} ${height}`}
        preserveAspectRatio="none"
        className="mt-3 h-12 w-full"
        role="img"
        aria-label={summary}
      >
        {data.days.map((day, index) => (
          <Bar key={day.day} day={day} index={index} most={most} />
        ))}
      </svg>
    </figure>
  )
}
