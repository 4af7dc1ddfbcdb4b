import { Spinner } from "./spinner.tsx"

/** While a page waits for what it cannot show without (the session, say). */
export const PageSpinner = ({ label = "Loading" }: { readonly label?: string }) => (
  <div className="grid min-h-[40vh] place-items-center">
    <Spinner className="h-8" label={label} />
  </div>
)
