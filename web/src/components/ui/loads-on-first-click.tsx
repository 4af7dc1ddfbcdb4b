import { type ReactNode, Suspense, useState } from "react"

/** What the button is given: its click before the first, disabled while the dialog's code loads. */
export interface FirstClickButtonProps {
  readonly onClick?: () => void
  readonly disabled?: boolean
}

/**
 * A button whose dialog's code loads with its first click, so no page's first load carries it: until
 * then only the button is drawn; clicked, the dialog (open when it first shows) takes its place and
 * stays, opened again by its own trigger.
 */
export const LoadsOnFirstClick = ({
  button,
  children,
}: {
  readonly button: (props: FirstClickButtonProps) => ReactNode
  readonly children: ReactNode
}) => {
  const [wanted, setWanted] = useState(false)
  if (!wanted) return button({ onClick: () => setWanted(true) })
  return <Suspense fallback={button({ disabled: true })}>{children}</Suspense>
}
