import type { ReactNode } from "react"
import type { SongView } from "#projections/songs/api.ts"
import type { FieldErrors } from "../../lib/form.ts"
import type { OperationRequest } from "./operation-queries.ts"

/**
 * What other features draw in an operation's form (the route brings them): the voice picker, and the
 * banner for a balance below the price.
 */
export interface OperationSlots {
  readonly voicePicker: (choice: {
    readonly value: string
    readonly onChange: (voiceId: string) => void
  }) => ReactNode
  readonly shortOfCredits: (message: string) => ReactNode
}

/**
 * What every operation's form is given: the song, the price, the balance, how to start, and what the
 * server's content checks refused of its last request, by field.
 */
export interface OperationFormProps {
  readonly song: SongView
  readonly price: number
  readonly balance: number | undefined
  readonly pending: boolean
  readonly onStart: (request: OperationRequest) => void
  readonly refused: FieldErrors
  readonly slots: OperationSlots
}
