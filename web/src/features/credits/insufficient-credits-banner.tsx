import { Link } from "react-router"
import { Alert } from "../../components/ui/alert.tsx"

/** The spec's banner for a balance below a price, with the way to more credits. */
export const InsufficientCreditsBanner = ({ message }: { readonly message: string }) => (
  <Alert tone="danger" title="Insufficient credits">
    <p>{message}</p>
    <Link to="/credits" className="mt-1 inline-block font-semibold text-primary hover:text-pink">
      Buy credits
    </Link>
  </Alert>
)
