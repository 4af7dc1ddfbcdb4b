import { Button } from "../../components/ui/button.tsx"

/** Previous and Next over a list of `total` rows, `pageSize` at a time, saying which rows are shown. */
export const Pager = ({
  label,
  offset,
  pageSize,
  shown,
  total,
  onOffset,
}: {
  readonly label: string
  readonly offset: number
  readonly pageSize: number
  readonly shown: number
  readonly total: number
  readonly onOffset: (offset: number) => void
}) => (
  <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3 text-sm">
    <Button
      variant="secondary"
      size="sm"
      disabled={offset === 0}
      onClick={() => onOffset(Math.max(0, offset - pageSize))}
    >
      Previous
    </Button>
    <p className="text-muted tabular-nums" aria-live="polite">
      {shown === 0 ? 0 : offset + 1}–{offset + shown} of {total}
    </p>
    <Button
      variant="secondary"
      size="sm"
      disabled={offset + shown >= total}
      onClick={() => onOffset(offset + pageSize)}
    >
      Next
    </Button>
  </nav>
)
