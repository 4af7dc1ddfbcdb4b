import type { ReactNode } from "react"
import { toast } from "../../lib/toast/toast-store.ts"
import { type FirstClickButtonProps, LoadsOnFirstClick } from "./loads-on-first-click.tsx"

/** What a visitor is told when they press a button that is for signed-in people. */
export interface SignInAsk {
  readonly title: string
  readonly description: string
}

/**
 * A button whose dialog is for signed-in people: a visitor's press asks them to sign in, in a toast; a
 * signed-in person's first press loads the dialog and opens it.
 */
export const SignedInOnly = ({
  signedIn,
  ask,
  button,
  children,
}: {
  readonly signedIn: boolean
  readonly ask: SignInAsk
  readonly button: (props: FirstClickButtonProps) => ReactNode
  readonly children: ReactNode
}) =>
  signedIn ? (
    <LoadsOnFirstClick button={button}>{children}</LoadsOnFirstClick>
  ) : (
    button({ onClick: () => toast(ask) })
  )
