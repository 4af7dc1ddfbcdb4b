import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { describeApp, request, runJobs, settle, signUp } from "#app/testing.ts"
import { query } from "#events/testing.ts"
import { refused, songOf } from "./testing-playlists.ts"
import { seedGeneration } from "./testing-songs.ts"

interface Mail {
  readonly subject: string
  readonly text: string
  readonly headers: Record<string, string>
}

/** The mails delivered to this address, oldest first. */
const mailsTo = (email: string) =>
  Effect.gen(function* () {
    yield* settle
    yield* runJobs
    return yield* query<Mail>(
      "select subject, text, headers from identity.mail_outbox where recipient = $1 order by created_at, id",
      [email],
    )
  })

describeApp({ env: { REGISTRATIONS_PER_ADDRESS: "1000" } })("notification mails", (it) => {
  it.effect("a reply is mailed with a one-click unsubscribe that works without signing in", () =>
    Effect.gen(function* () {
      const creator = yield* signUp("mailing")
      const fan = yield* signUp("mailed")
      const song = yield* songOf(creator, "Mail Me")
      const before = (yield* mailsTo(fan.user.email)).length
      const comment = (yield* fan.person.post(`/api/songs/${song}/comments`, { text: "Hello" }))
        .body as { id: string }
      yield* creator.person.post(`/api/songs/${song}/comments`, {
        text: "Thanks <3",
        replyTo: comment.id,
      })
      const mails = (yield* mailsTo(fan.user.email)).slice(before)
      expect(mails.map((m) => m.subject)).toEqual(["Someone replied to your comment"])
      const [mail] = mails
      expect(mail!.text).toContain('A reply to your comment: "Thanks <3"')
      expect(mail!.text).toContain(`/song/${song}#comments`)
      expect(mail!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click")
      const oneClick = mail!.headers["List-Unsubscribe"]!.match(
        /^<https?:\/\/[^/]+(\/api\/unsubscribe\?token=[\w-]+)>$/,
      )
      expect(oneClick).not.toBeNull()
      // The page the text links to asks first; the header's address answers the mail client's POST.
      expect(mail!.text).toMatch(/Unsubscribe: https?:\/\/\S+\/unsubscribe\?token=[\w-]+/)

      const unsubscribed = yield* request(oneClick![1]!, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      })
      expect(unsubscribed.status, JSON.stringify(unsubscribed.body)).toBe(200)
      expect(unsubscribed.body).toEqual({
        message: "You will no longer get an e-mail when someone replies to your comments.",
      })
      expect((yield* fan.person.get("/api/notifications/email")).body).toEqual({
        songFinished: false,
        replies: false,
      })
      yield* creator.person.post(`/api/songs/${song}/comments`, {
        text: "Again",
        replyTo: comment.id,
      })
      expect((yield* mailsTo(fan.user.email)).length).toBe(before + 1)
      // Still told in the bell.
      expect((yield* fan.person.get("/api/notifications/unread")).body).toEqual({ unread: 2 })
    }),
  )

  it.effect("a finished song is mailed once asked for; choices are one's own", () =>
    Effect.gen(function* () {
      const maker = yield* signUp("finisher")
      const other = yield* signUp("bystander")
      yield* seedGeneration(maker.user.id, "Quiet Start", 1)
      expect((yield* mailsTo(maker.user.email)).map((m) => m.subject)).not.toContain(
        'Your song "Quiet Start" is ready',
      )
      const chosen = yield* maker.person.put("/api/notifications/email", { songFinished: true })
      expect(chosen.body).toEqual({ songFinished: true, replies: true })
      expect((yield* other.person.get("/api/notifications/email")).body).toEqual({
        songFinished: false,
        replies: true,
      })
      yield* seedGeneration(maker.user.id, "Loud Finish", 1)
      const subjects = (yield* mailsTo(maker.user.email)).map((m) => m.subject)
      expect(subjects.filter((s) => s.startsWith("Your song"))).toEqual([
        'Your song "Loud Finish" is ready',
      ])

      refused(
        yield* maker.person.put("/api/notifications/email", { replies: "yes" }),
        400,
        /replies must be true or false/,
      )
      const form = {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      }
      refused(yield* request("/api/unsubscribe?token=not-a-token", form), 404, /not valid/)
      refused(yield* request("/api/unsubscribe", form), 400, /not valid/)
      refused(yield* request("/api/notifications/email"), 401)
      refused(
        yield* request("/api/notifications/email", {
          method: "PUT",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ replies: false }),
        }),
        401,
      )
      expect((yield* maker.person.get("/api/notifications/email")).body).toEqual({
        songFinished: true,
        replies: true,
      })
    }),
  )
})
