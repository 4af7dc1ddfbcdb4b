import { toast } from "../../lib/toast/toast-store.ts"
import type { ChatFailure } from "./melody-stream.ts"

/** What Melody says in the chat when a turn failed. */
export const apology =
  "I apologize, but I encountered an error processing your message. Could you try rephrasing?"

/** What a failed turn says: a key problem is the operator's, anything else is worth another try. */
export const toastFor = (error: ChatFailure) => {
  if (error._tag === "ModelNotConfigured") {
    toast({
      title: "Configuration Error",
      description: "OpenAI API key is not properly configured. Please contact support.",
      variant: "destructive",
    })
  } else if (error._tag === "TooManyRequests") {
    toast({
      title: "Slow down a little",
      description: error.message,
      variant: "destructive",
    })
  } else {
    toast({
      title: "Error in conversation",
      description: "Failed to process your message. Please try again.",
      variant: "destructive",
    })
  }
}
