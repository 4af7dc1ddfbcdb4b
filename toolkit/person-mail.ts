import { Context, type Effect } from "effect"

/**
 * Mail to a person by their id, for modules that know people only by id (billing): identity, which holds
 * the addresses, serves it. Queued in the caller's transaction, so a reaction's mail exists exactly if its
 * checkpoint moves.
 */
export class PersonMail extends Context.Tag("@melody/toolkit/PersonMail")<
  PersonMail,
  {
    readonly send: (
      userId: string,
      message: {
        readonly subject: string
        readonly text: string
        readonly html: string
        readonly headers?: Readonly<Record<string, string>>
      },
      key: string,
    ) => Effect.Effect<boolean>
  }
>() {}
