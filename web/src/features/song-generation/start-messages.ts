import { songCost } from "#modules/billing/api-prices.ts"
import { errorMessage } from "../../lib/api.ts"
import { toast } from "../../lib/toast/toast-store.ts"
import type { useStartGeneration } from "./generation-queries.ts"
import { type Phase, phaseText } from "./generation-status.ts"

export const insufficientCredits = (description: string) =>
  toast({ title: "Insufficient credits", description, variant: "destructive" })

type StartFailure = NonNullable<ReturnType<typeof useStartGeneration>["error"]>

/** What a refused start says: the spec's words for each refusal, the server's message otherwise. */
export const toastStartFailure = (error: StartFailure) => {
  switch (error._tag) {
    case "MissingInformation":
      return toast({
        title: "Missing information",
        description:
          error.missing.length > 0
            ? `Please add the song's ${error.missing.join(", ")}.`
            : error.message,
        variant: "destructive",
      })
    case "InsufficientCredits":
      return insufficientCredits(error.message)
    default:
      return toast({
        title: "Error",
        description: errorMessage(error, "Failed to generate song. Please try again later."),
        variant: "destructive",
      })
  }
}

/** What the block says: the offer, or where the song it started is. */
export const controlText = (started: boolean, phase: Phase | null) => {
  if (!started) return `Turn these lyrics into a full song: two versions for ${songCost} credits.`
  if (phase === "failed") return `That song could not be made. Try again for ${songCost} credits.`
  return phaseText[phase ?? "arranging"].headline
}
