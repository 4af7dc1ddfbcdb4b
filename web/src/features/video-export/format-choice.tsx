import type { VideoFormat } from "#events/contracts/video-exports.ts"
import { videoFormatNames, videoFormats } from "#modules/videos/api-video-formats.ts"
import { cn } from "../../lib/cn.ts"

/** The six social formats as radio cards, each with its size. */
export const FormatChoice = ({
  value,
  onChange,
  disabled,
}: {
  readonly value: VideoFormat
  readonly onChange: (format: VideoFormat) => void
  readonly disabled: boolean
}) => (
  <fieldset className="grid grid-cols-2 gap-2" disabled={disabled}>
    <legend className="sr-only">Video format</legend>
    {videoFormatNames.map((name) => {
      const format = videoFormats[name]
      return (
        <label
          key={name}
          className={cn(
            "cursor-pointer rounded-xl border px-3 py-2 text-sm transition has-[:disabled]:opacity-50",
            "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary",
            value === name
              ? "border-primary bg-primary/10 text-text"
              : "border-line text-muted hover:border-line-strong",
          )}
        >
          <input
            type="radio"
            name="video-format"
            value={name}
            checked={value === name}
            onChange={() => onChange(name)}
            className="sr-only"
          />
          <span className="block font-semibold">{format.label}</span>
          <span className="text-xs tabular-nums">
            {format.width} x {format.height}
          </span>
        </label>
      )
    })}
  </fieldset>
)
