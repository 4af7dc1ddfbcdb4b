import { useQuery } from "@tanstack/react-query"
import { Wand2 } from "lucide-react"
import { type ReactNode, useState } from "react"
import { creditUseNames } from "#modules/billing/api-credit-uses.ts"
import { operationTitle } from "#modules/music/api-operation-words.ts"
import type { SongView } from "#projections/songs/api.ts"
import { Button } from "../../components/ui/button.tsx"
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "../../components/ui/dialog.tsx"
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx"
import { errorMessage } from "../../lib/api.ts"
import { contentRefusal, type FieldErrors } from "../../lib/form.ts"
import { operationsQuery } from "../../lib/operations-query.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import { ExtendForm } from "./extend-form.tsx"
import type { OperationSlots } from "./operation-form-props.ts"
import { type OperationRequest, useStartOperation } from "./operation-queries.ts"
import { ReplaceSectionForm } from "./replace-section-form.tsx"
import { RestyleForm } from "./restyle-form.tsx"

/** A started operation, as the generated-songs dialog follows it. */
export interface StartedOperation {
  readonly taskId: string
  readonly song: { readonly title: string; readonly style: string; readonly lyrics: string }
  readonly startedAt: number
}

const forms = { extend: ExtendForm, "replace-section": ReplaceSectionForm, restyle: RestyleForm }

/**
 * "Operations" on one's own song: the operations the maker offers, each with its form and price. A started
 * one is followed like a generation (`follow` renders that, from the route).
 */
export const SongOperationsButton = ({
  song,
  balance,
  onDebited,
  follow,
  slots,
}: {
  readonly song: SongView
  readonly balance: number | undefined
  readonly onDebited: () => void
  readonly follow: (
    started: StartedOperation,
    dialog: { readonly open: boolean; readonly onOpenChange: (open: boolean) => void },
  ) => ReactNode
  /** What the forms draw from other features (from the route). */
  readonly slots: OperationSlots
}) => {
  const offer = useQuery(operationsQuery)
  const start = useStartOperation(song.id)
  const [open, setOpen] = useState(false)
  const [started, setStarted] = useState<StartedOperation | null>(null)
  const [following, setFollowing] = useState(false)
  const [refused, setRefused] = useState<{ operation: string; errors: FieldErrors }>()
  const operations = offer.data?.operations ?? []
  if (operations.length === 0) return null

  const begin = (request: OperationRequest) => {
    setRefused(undefined)
    start.mutate(request, {
      onSuccess: ({ taskId }) => {
        const style = request.operation === "restyle" ? request.payload.style : song.style
        setOpen(false)
        setStarted({
          taskId,
          song: {
            title: operationTitle(song.title, request.operation, style),
            style,
            lyrics: song.lyrics,
          },
          startedAt: Date.now(),
        })
        setFollowing(true)
        onDebited()
      },
      onError: (error) => {
        const refusal = contentRefusal(error)
        if (refusal) {
          setRefused({
            operation: request.operation,
            errors: { [refusal.field]: refusal.message },
          })
          return
        }
        toast({
          title: error._tag === "InsufficientCredits" ? "Insufficient credits" : "Error",
          description: errorMessage(error, "The operation could not be started. Please try again."),
          variant: "destructive",
        })
        if (error._tag === "InsufficientCredits") onDebited()
      },
    })
  }

  return (
    <>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button size="sm" variant="ghost" aria-label={`Operations on ${song.title}`}>
            <Wand2 className="h-4 w-4" aria-hidden /> Operations
          </Button>
        </DialogTrigger>
        <DialogContent className="sm:w-[min(94vw,34rem)]">
          <DialogTitle>Operations on “{song.title}”</DialogTitle>
          <DialogDescription>
            Each makes two new versions, saved to My Songs. This song stays as it is.
          </DialogDescription>
          <Tabs defaultValue={operations[0]!.operation} className="mt-4 grid gap-4">
            <TabsList>
              {operations.map(({ operation }) => (
                <TabsTrigger key={operation} value={operation}>
                  {creditUseNames[operation]}
                </TabsTrigger>
              ))}
            </TabsList>
            {operations.map(({ operation, price }) => {
              const Form = forms[operation]
              return (
                <TabsContent key={operation} value={operation}>
                  <Form
                    song={song}
                    price={price}
                    balance={balance}
                    pending={start.isPending}
                    onStart={begin}
                    refused={refused?.operation === operation ? refused.errors : {}}
                    slots={slots}
                  />
                </TabsContent>
              )
            })}
          </Tabs>
        </DialogContent>
      </Dialog>
      {started && follow(started, { open: following, onOpenChange: setFollowing })}
    </>
  )
}
