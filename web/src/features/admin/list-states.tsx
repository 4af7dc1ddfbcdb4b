import { errorMessage } from "../../lib/api.ts"

export const Loading = ({ label }: { readonly label: string }) => (
  <div className="space-y-3 py-4" role="status" aria-label={label}>
    {[0, 1, 2].map((i) => (
      <div key={i} className="h-10 animate-pulse rounded-lg bg-surface-raised" />
    ))}
  </div>
)

export const Failed = ({ error }: { readonly error: unknown }) => (
  <p role="alert" className="py-10 text-center text-sm text-danger">
    {errorMessage(error, "This list could not be loaded. Please refresh the page.")}
  </p>
)

export const Empty = ({ text }: { readonly text: string }) => (
  <p className="py-10 text-center text-sm text-muted">{text}</p>
)
