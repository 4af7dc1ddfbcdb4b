import type { ReactNode } from "react"
import { cn } from "../../lib/cn.ts"

export interface Bubble {
  readonly id: string
  readonly role: "user" | "assistant" | "system"
  readonly content: string
  readonly lyrics?: string | undefined
  readonly title?: string | undefined
  readonly style?: string | undefined
}

/**
 * One message: the person's on the right, Melody's on the left, at most 80 percent wide; `busy` while
 * Melody is still writing it.
 */
export const MessageBubble = ({
  message,
  footer,
  busy = false,
}: {
  readonly message: Bubble
  readonly footer?: ReactNode
  readonly busy?: boolean
}) => {
  const mine = message.role === "user"
  return (
    <li className={cn("flex", mine ? "justify-end" : "justify-start")}>
      <div
        className={cn(
          "max-w-[80%] rounded-2xl px-4 py-3 text-sm leading-relaxed whitespace-pre-wrap",
          mine
            ? "rounded-br-md bg-stage text-white"
            : "rounded-bl-md border border-line bg-surface-raised text-text",
        )}
        data-role={message.role}
        aria-busy={busy || undefined}
      >
        {!mine && <p className="mb-1 text-xs font-semibold text-primary">Melody</p>}
        <p>{message.content}</p>
        {message.lyrics && (
          <pre className="mt-3 max-h-80 overflow-y-auto rounded-xl bg-ink/60 p-3 font-mono text-[0.8rem] whitespace-pre-wrap text-muted">
            {message.lyrics}
          </pre>
        )}
        {footer && <div className="mt-3">{footer}</div>}
      </div>
    </li>
  )
}
