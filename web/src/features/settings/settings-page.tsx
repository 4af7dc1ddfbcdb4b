import type { ReactNode } from "react"
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card.tsx"
import { PageSpinner } from "../../components/ui/page-spinner.tsx"
import { useCurrentUser } from "../../lib/session.ts"
import { AccountSummary } from "./account-summary.tsx"
import { EmailForm } from "./email-form.tsx"
import { PasskeysSettings } from "./passkeys-settings.tsx"
import { PasswordForm } from "./password-form.tsx"
import { SessionsList } from "./sessions-list.tsx"
import { TwoStepSettings } from "./two-step-settings.tsx"

const Section = ({
  title,
  description,
  children,
}: {
  readonly title: string
  readonly description: string
  readonly children: ReactNode
}) => (
  <Card>
    <CardHeader>
      <h2 className="font-display text-lg font-semibold tracking-tight">{title}</h2>
      <CardDescription>{description}</CardDescription>
    </CardHeader>
    <CardContent>{children}</CardContent>
  </Card>
)

/**
 * /settings: the signed-in person's account, password, sessions, and the e-mail they choose to get
 * (`notifications`, which the route brings from the notifications feature).
 */
export const SettingsPage = ({ notifications }: { readonly notifications: ReactNode }) => {
  const user = useCurrentUser()
  if (!user.data) return <PageSpinner />
  return (
    <section className="mx-auto max-w-3xl animate-rise space-y-6">
      <header>
        <h1 className="font-display text-3xl font-bold tracking-tight sm:text-4xl">Settings</h1>
        <p className="mt-2 text-muted">Your account, how you sign in, and what we send you.</p>
      </header>
      <Section title="Account" description="Who you are on Melody Studio.">
        <AccountSummary user={user.data} />
      </Section>
      <Section
        title="Email"
        description="We send a link to the new address; your email changes when you open it."
      >
        <EmailForm />
      </Section>
      <Section title="Password" description="Changing it signs you out everywhere else.">
        <PasswordForm />
      </Section>
      <Section
        title="Two-step sign-in"
        description="A code from your phone after your password, so a password alone is not enough."
      >
        <TwoStepSettings />
      </Section>
      <Section
        title="Passkeys"
        description="Sign in with your fingerprint, face or screen lock. With a passkey, your password alone is not enough."
      >
        <PasskeysSettings />
      </Section>
      <Section title="Sessions" description="Where your account is signed in right now.">
        <SessionsList />
      </Section>
      <Section title="Notifications" description="What we also tell you by e-mail.">
        {notifications}
      </Section>
    </section>
  )
}
