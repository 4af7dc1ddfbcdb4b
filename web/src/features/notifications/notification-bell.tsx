import { useQuery } from "@tanstack/react-query"
import { Bell } from "lucide-react"
import { useState } from "react"
import { useNavigate } from "react-router"
import { Button } from "../../components/ui/button.tsx"
import { Popover, PopoverContent, PopoverTrigger } from "../../components/ui/popover.tsx"
import { Spinner } from "../../components/ui/spinner.tsx"
import { cn } from "../../lib/cn.ts"
import { postedAgo } from "../../lib/posted-ago.ts"
import { EmailChoices } from "./email-choices.tsx"
import { notificationsQuery, unreadQuery, useReadAll, useReadOne } from "./notification-queries.ts"
import { notificationText } from "./notification-text.ts"

/** The newest notifications: each opens what it is about and is read; all can be marked read. */
const NotificationList = ({ onOpen }: { readonly onOpen: () => void }) => {
  const list = useQuery(notificationsQuery)
  const readAll = useReadAll()
  const readOne = useReadOne()
  const navigate = useNavigate()
  if (list.isPending) return <Spinner label="Loading notifications" />
  if (list.isError) return <p className="text-sm text-danger">Notifications could not be loaded.</p>
  const { notifications, unread } = list.data
  const newest = notifications[0]
  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-display text-base font-semibold">Notifications</h2>
        {newest && unread > 0 && (
          <Button
            variant="ghost"
            size="sm"
            disabled={readAll.isPending}
            onClick={() => readAll.mutate(newest.id)}
          >
            Mark all read
          </Button>
        )}
      </div>
      {notifications.length === 0 ? (
        <p className="text-sm text-muted">
          Nothing yet: finished songs, followers and comments show here.
        </p>
      ) : (
        <ul className="grid max-h-96 gap-1 overflow-y-auto">
          {notifications.map((n) => {
            const { text, to } = notificationText(n)
            return (
              <li key={n.id}>
                <button
                  type="button"
                  className={cn(
                    "grid w-full gap-0.5 rounded-lg px-2 py-1.5 text-left text-sm transition hover:bg-surface-raised",
                    n.read ? "text-muted" : "text-text",
                  )}
                  onClick={() => {
                    if (!n.read) readOne.mutate(n.id)
                    onOpen()
                    void navigate(to)
                  }}
                >
                  <span>
                    {!n.read && <span className="sr-only">Unread: </span>}
                    {text}
                  </span>
                  <span className="text-xs text-faint">{postedAgo(n.createdAt)}</span>
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}

/** The bell: how many notifications are unread, and the newest of them on a press. */
export const NotificationBell = () => {
  const [open, setOpen] = useState(false)
  const unread = useQuery(unreadQuery).data?.unread ?? 0
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
        >
          <Bell className="h-4 w-4" aria-hidden />
          {unread > 0 && (
            <span
              aria-hidden
              className="absolute top-1 right-1 grid h-4 min-w-4 place-items-center rounded-full bg-pink px-1 text-[10px] font-bold text-white"
            >
              {unread > 99 ? "99+" : unread}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-80">
        <div className="grid gap-3">
          <NotificationList onOpen={() => setOpen(false)} />
          <EmailChoices />
        </div>
      </PopoverContent>
    </Popover>
  )
}
