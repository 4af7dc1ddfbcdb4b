import { useMutation } from "@tanstack/react-query"
import { Button } from "../../components/ui/button.tsx"
import { callApi, errorMessage } from "../../lib/api.ts"
import { cancelled, signWithPasskey } from "../../lib/passkeys.ts"
import type { User } from "../../lib/session.ts"
import { useSwitchUser } from "../../lib/session-changes.ts"

type SignedIn = { readonly user: User; readonly message: string }

/** Signs in with one of the person's passkeys: the browser offers the ones it has for this site. */
const usePasskeySignIn = () => {
  const switchUser = useSwitchUser()
  return useMutation({
    mutationFn: async () => {
      const { ceremony, options } = await callApi((api) => api.passkeySignIn.signInOptions())
      const credential = await signWithPasskey(options)
      return callApi((api) => api.passkeySignIn.signIn({ payload: { ceremony, credential } }))
    },
    onSuccess: (answer) => switchUser(answer.user),
  })
}

/**
 * "Sign in with a passkey": on its own instead of the password, or as the second step after it. A prompt
 * the person closed says nothing; any other failure says what went wrong.
 */
export const PasskeySignInButton = ({
  label = "Sign in with a passkey",
  onSignedIn,
}: {
  readonly label?: string
  readonly onSignedIn: (answer: SignedIn) => void
}) => {
  const signIn = usePasskeySignIn()
  const failed = signIn.isError && !cancelled(signIn.error)
  return (
    <div className="grid gap-2">
      <Button
        type="button"
        variant="secondary"
        size="lg"
        disabled={signIn.isPending}
        onClick={() => signIn.mutate(undefined, { onSuccess: onSignedIn })}
      >
        {signIn.isPending ? "Waiting for your passkey..." : label}
      </Button>
      {failed && (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(signIn.error)}
        </p>
      )}
    </div>
  )
}
