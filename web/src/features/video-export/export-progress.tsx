/** The render's progress bar with its step and percentage, announced as they change. */
export const ExportProgress = ({
  progress,
  step,
}: {
  readonly progress: number
  readonly step: string
}) => (
  <div className="grid gap-2">
    <div
      role="progressbar"
      aria-label="Video export progress"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={progress}
      className="h-2 overflow-hidden rounded-full bg-line"
    >
      <div
        className="h-full bg-stage transition-all duration-500"
        style={{ width: `${progress}%` }}
      />
    </div>
    <p className="flex justify-between text-sm text-muted" aria-live="polite">
      <span data-testid="export-step">{step}</span>
      <span className="tabular-nums" data-testid="export-progress">
        {progress}%
      </span>
    </p>
  </div>
)
