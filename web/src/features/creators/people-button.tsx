import { lazy } from "react"
import {
  type FirstClickButtonProps,
  LoadsOnFirstClick,
} from "../../components/ui/loads-on-first-click.tsx"

export type PeopleKind = "followers" | "following"

const count = new Intl.NumberFormat("en")

/** What the count is of: "1 Follower", "12 Followers", "3 Following". */
const labels: Record<PeopleKind, (count: number) => string> = {
  followers: (n) => (n === 1 ? "Follower" : "Followers"),
  following: () => "Following",
}

const PeopleDialog = lazy(() =>
  import("./people-dialog.tsx").then((m) => ({ default: m.PeopleDialog })),
)

/** A creator's number of followers, or of people followed, as the button that lists them. */
export const PeopleTrigger = ({
  kind,
  count: value,
  ...props
}: { readonly kind: PeopleKind; readonly count: number } & FirstClickButtonProps) => (
  <button
    type="button"
    aria-haspopup="dialog"
    className="flex items-baseline gap-1.5 rounded-lg transition hover:text-text disabled:opacity-50"
    {...props}
  >
    <span className="font-display text-lg font-bold text-text">{count.format(value)}</span>{" "}
    <span className="text-muted">{labels[kind](value)}</span>
  </button>
)

/** Lists who follows a creator, or whom they follow, in a dialog its first click loads. */
export const PeopleButton = (props: {
  readonly username: string
  readonly name: string
  readonly kind: PeopleKind
  readonly count: number
}) => (
  <LoadsOnFirstClick
    button={(first) => <PeopleTrigger kind={props.kind} count={props.count} {...first} />}
  >
    <PeopleDialog {...props} />
  </LoadsOnFirstClick>
)
