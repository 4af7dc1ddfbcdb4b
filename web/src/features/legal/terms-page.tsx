import { Prose } from "../../components/prose.tsx"

export const TermsPage = () => (
  <Prose>
    <h1>Terms of Service</h1>
    <p className="text-sm">Last updated 30 November 2026</p>
    <h2>Who may use Melody Studio</h2>
    <p>You must be 18 years of age or older to create an account and use Melody Studio.</p>
    <h2>Fees and payments</h2>
    <p>
      Fees are stated in euros and exclude VAT. Payments for credit packs and subscriptions are
      non-refundable, except where the law requires otherwise. A subscription renews monthly until
      you cancel it; a cancelled subscription does not renew.
    </p>
    <h2>What you make</h2>
    <p>
      The outputs the AI produces for you (lyrics, songs, covers, videos) are assigned to you. You
      are responsible for what you publish and for having the rights to what you put in.
    </p>
    <h2>What you may publish</h2>
    <p>
      No hate, harassment or threats, no sexual content involving minors, no spam, no impersonation
      of another person, and nothing you do not have the rights to. Titles, lyrics, styles,
      comments, bios and playlist names are checked before they are saved or sent to be sung; text
      that breaks these rules is refused, with the field and the reason, and nothing is charged. A
      style may not name an artist to imitate (&quot;in the style of&quot; a named artist): describe
      the sound instead.
    </p>
    <h2>Reports, takedowns and suspensions</h2>
    <p>
      Anyone signed in may report a song, a comment, a playlist or a creator, once for each until an
      admin decides; the reporter is told the outcome. An admin may leave it up, hide it, or suspend
      its author&apos;s account, and records why. A hidden item disappears for everyone else; its
      author still sees it, with the reason, and may appeal once: another admin decides the appeal.
      A suspended account is signed out and cannot sign in until the suspension ends or is lifted
      (the sign-in form says why and until when); while it lasts, its public songs, playlists,
      comments and page are hidden. Nothing is deleted and nothing paid for is lost: work in
      progress is refunded, and lifting the suspension restores everything.
    </p>
    <h2>Liability</h2>
    <p>
      Our liability to you is limited to the greater of EUR 100 or the amounts you paid us in the
      last 12 months.
    </p>
  </Prose>
)
