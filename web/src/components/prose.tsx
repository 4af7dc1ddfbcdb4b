import type { ReactNode } from "react"

/** Long-form pages (help, legal): a readable column with styled headings and lists. */
export const Prose = ({ children }: { readonly children: ReactNode }) => (
  <article className="mx-auto max-w-3xl animate-rise space-y-6 text-muted [&_h1]:font-display [&_h1]:text-4xl [&_h1]:font-extrabold [&_h1]:tracking-tight [&_h1]:text-text [&_h2]:mt-10 [&_h2]:font-display [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-text [&_h3]:font-semibold [&_h3]:text-text [&_li]:ml-5 [&_ol]:list-decimal [&_ol]:space-y-2 [&_strong]:text-text [&_ul]:list-disc [&_ul]:space-y-2">
    {children}
  </article>
)
