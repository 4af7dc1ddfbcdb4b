import { Ellipsis } from "lucide-react"
import { lazy, type ReactNode } from "react"
import { Button } from "./button.tsx"
import { type FirstClickButtonProps, LoadsOnFirstClick } from "./loads-on-first-click.tsx"

const MorePanel = lazy(() => import("./more-panel.tsx").then((m) => ({ default: m.MorePanel })))

/** The button that opens a card's other actions: the same before and after its panel's code loads. */
export const MoreTrigger = ({
  title,
  ...props
}: { readonly title: string } & FirstClickButtonProps) => (
  <Button
    variant="ghost"
    size="sm"
    aria-label={`More actions for ${title}`}
    aria-haspopup="dialog"
    {...props}
  >
    <Ellipsis className="h-4 w-4" aria-hidden /> More
  </Button>
)

/**
 * A card's actions beyond play, like and share (downloads, exports, operations), in one panel its button
 * opens. Neither the panel nor what it holds is part of a page's first load: both load with the first
 * click, so `children` should be drawn by code the card loads lazily.
 */
export const MoreActions = ({
  title,
  children,
}: {
  readonly title: string
  readonly children: ReactNode
}) => (
  <LoadsOnFirstClick button={(props) => <MoreTrigger title={title} {...props} />}>
    <MorePanel title={title}>{children}</MorePanel>
  </LoadsOnFirstClick>
)
