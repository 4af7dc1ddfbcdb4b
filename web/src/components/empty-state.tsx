import { Link } from "react-router"
import { Button } from "./ui/button.tsx"

/** A list with nothing to show, and the way to make something. */
export const EmptyState = ({ text }: { readonly text: string }) => (
  <div className="mx-auto max-w-md py-16 text-center">
    <p className="text-muted">{text}</p>
    <Button asChild className="mt-6">
      <Link to="/chat">Create a Song</Link>
    </Button>
  </div>
)
