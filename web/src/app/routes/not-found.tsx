import { Link } from "react-router"
import { Button } from "../../components/ui/button.tsx"

export const NotFoundPage = () => (
  <section className="mx-auto flex max-w-xl animate-rise flex-col items-center py-16 text-center">
    <p aria-hidden className="text-gradient font-display text-8xl font-black tracking-tighter">
      404
    </p>
    <h1 className="mt-4 font-display text-3xl font-bold tracking-tight">404 Page Not Found</h1>
    <p className="mt-3 text-muted">This page hit a wrong note: it does not exist or has moved.</p>
    <Button asChild size="lg" className="mt-8">
      <Link to="/">Back to home</Link>
    </Button>
  </section>
)
