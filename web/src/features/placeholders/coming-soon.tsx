import { Construction } from "lucide-react"

/** A part of the studio that is not open yet: says so plainly instead of pretending. */
export const ComingSoon = ({ title, text }: { readonly title: string; readonly text: string }) => (
  <section className="mx-auto flex max-w-xl animate-rise flex-col items-center py-16 text-center">
    <Construction className="h-10 w-10 text-amber" aria-hidden />
    <h1 className="mt-4 font-display text-3xl font-bold tracking-tight">{title}</h1>
    <p className="mt-3 text-muted">{text}</p>
  </section>
)

export const LibraryPlaceholder = () => (
  <ComingSoon title="My Songs" text="Your song library opens soon." />
)
export const TimelinePlaceholder = () => (
  <ComingSoon title="Public timeline" text="The public timeline opens soon." />
)
