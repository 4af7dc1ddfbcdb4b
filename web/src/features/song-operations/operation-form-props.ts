import type { SongView } from "#modules/catalog/api.ts"
import type { OperationRequest } from "./operation-queries.ts"

/** What every operation's form is given: the song, the price, the balance, and how to start. */
export interface OperationFormProps {
  readonly song: SongView
  readonly price: number
  readonly balance: number | undefined
  readonly pending: boolean
  readonly onStart: (request: OperationRequest) => void
}
