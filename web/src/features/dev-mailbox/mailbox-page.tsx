import { useQuery } from "@tanstack/react-query"
import { Inbox, RefreshCw } from "lucide-react"
import { Alert } from "../../components/ui/alert.tsx"
import { Button } from "../../components/ui/button.tsx"
import { PageSpinner } from "../../components/ui/page-spinner.tsx"
import { callApi, errorMessage } from "../../lib/api.ts"

/** Offline mode only: the mail the app would have sent, with its links, so accounts can be verified locally. */
export const MailboxPage = () => {
  const mailbox = useQuery({
    queryKey: ["dev-mailbox"],
    queryFn: () => callApi((api) => api.identity.mailbox()),
    refetchInterval: 2000,
  })
  if (mailbox.isPending) return <PageSpinner />
  if (mailbox.isError) {
    return (
      <Alert tone="info" title="No development mailbox">
        {errorMessage(mailbox.error, "Mail is sent by SMTP on this installation.")}
      </Alert>
    )
  }
  const messages = mailbox.data.messages
  return (
    <section className="mx-auto max-w-3xl animate-rise">
      <div className="flex items-center justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-bold tracking-tight">Development mailbox</h1>
          <p className="mt-1 text-sm text-muted">
            Mail is not sent in offline mode; it lands here. Never expose an offline installation to
            others.
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => mailbox.refetch()}>
          <RefreshCw className="h-4 w-4" aria-hidden /> Refresh
        </Button>
      </div>
      {messages.length === 0 ? (
        <div className="mt-10 flex flex-col items-center gap-3 text-muted">
          <Inbox className="h-10 w-10" aria-hidden />
          <p>No mail yet.</p>
        </div>
      ) : (
        <ul className="mt-8 grid gap-4">
          {messages.map((message) => (
            <li key={message.id} className="rounded-2xl border border-line bg-surface/80 p-5">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold">{message.subject}</p>
                <time className="text-xs text-faint" dateTime={message.createdAt.toISOString()}>
                  {message.createdAt.toLocaleString()}
                </time>
              </div>
              <p className="mt-1 text-sm text-muted">To {message.to}</p>
              <pre className="mt-3 whitespace-pre-wrap font-sans text-sm text-muted">
                {message.text}
              </pre>
              <div className="mt-3 flex flex-wrap gap-2">
                {message.links.map((link) => (
                  <a
                    key={link}
                    href={link}
                    className="inline-flex items-center rounded-lg bg-primary/15 px-3 py-1.5 text-sm font-semibold text-primary hover:bg-primary/25"
                  >
                    Open link: {new URL(link).pathname}
                  </a>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
