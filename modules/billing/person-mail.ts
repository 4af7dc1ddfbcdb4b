import { Context, type Effect } from "effect"

/**
 * Mail to a person by their id: identity holds the addresses, the app wires this port to it. Queued in the
 * caller's transaction, so a reaction's mail exists exactly if its checkpoint moves.
 */
export class PersonMail extends Context.Tag("@melody/billing/PersonMail")<
  PersonMail,
  {
    readonly send: (
      userId: string,
      message: { readonly subject: string; readonly text: string; readonly html: string },
      key: string,
    ) => Effect.Effect<boolean>
  }
>() {}
