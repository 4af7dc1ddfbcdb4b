import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { CurrentUser } from "#api/auth.ts"
import { moduleApi } from "#api/id.ts"
import { EmailChoicesAnswer, NotificationReadingApi, Unsubscribed } from "./api.ts"
import type { EmailChoices } from "./email-choices.ts"
import { EmailSettings } from "./email-settings.ts"
import { NotificationReadings } from "./readings.ts"

const answer = (choices: EmailChoices) =>
  new EmailChoicesAnswer({ songFinished: choices.song_finished, replies: choices.replies })

const unsubscribedFrom = {
  song_finished: "You will no longer get an e-mail when a song of yours is finished.",
  replies: "You will no longer get an e-mail when someone replies to your comments.",
}

export const NotificationReadingHttpLive = HttpApiBuilder.group(
  moduleApi(NotificationReadingApi),
  "notificationReading",
  (handlers) =>
    Effect.gen(function* () {
      const readings = yield* NotificationReadings
      const email = yield* EmailSettings
      return handlers
        .handle("readAll", ({ payload }) =>
          Effect.flatMap(CurrentUser, (user) => readings.readAll(user, payload.through)),
        )
        .handle("readOne", ({ path }) =>
          Effect.flatMap(CurrentUser, (user) => readings.readOne(user, path.id)),
        )
        .handle("emailChoices", () =>
          Effect.flatMap(CurrentUser, (user) => Effect.map(email.choicesOf(user.userId), answer)),
        )
        .handle("chooseEmail", ({ payload }) =>
          Effect.flatMap(CurrentUser, (user) =>
            Effect.map(
              email.choose(user, {
                ...(payload.songFinished === undefined
                  ? {}
                  : { song_finished: payload.songFinished }),
                ...(payload.replies === undefined ? {} : { replies: payload.replies }),
              }),
              answer,
            ),
          ),
        )
        .handle("unsubscribe", ({ urlParams }) =>
          Effect.map(
            email.unsubscribe(urlParams.token),
            (topic) => new Unsubscribed({ message: unsubscribedFrom[topic] }),
          ),
        )
    }),
)
