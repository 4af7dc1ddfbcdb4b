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
