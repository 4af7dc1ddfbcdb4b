import { Prose } from "../../components/prose.tsx"
import { useSite } from "../../lib/site.ts"

export const PrivacyPage = () => {
  const site = useSite()
  const contact = site.data?.contactEmail
  return (
    <Prose>
      <h1>Privacy Policy</h1>
      <p className="text-sm">Last updated 6 June 2025</p>
      <h2>Where your data lives</h2>
      <p>Your data is kept mainly in the European Union.</p>
      <h2>AI model training</h2>
      <p>You may opt out of your content being used to train AI models.</p>
      <h2>How you sign in</h2>
      <p>
        We keep your password only as a salted hash. With two-step sign-in on, we keep your
        authenticator app's secret, and your recovery codes as hashes; for a passkey, only its
        public key, which cannot sign anyone in by itself. For each session we keep the browser and
        network address it signed in from and when it was last used, until it ends.
      </p>
      <p>
        In Settings you see and end your sessions, change your password (which ends your other
        sessions) and your email (your old address can take the change back for 7 days), and turn
        two-step sign-in and passkeys on and off.
      </p>
      <h2>Your rights</h2>
      <p>
        To access, correct, export or delete your data, write to{" "}
        {contact ? (
          <a href={`mailto:${contact}`} className="text-primary">
            {contact}
          </a>
        ) : (
          "our privacy contact"
        )}
        . We answer every request within one month.
      </p>
    </Prose>
  )
}
