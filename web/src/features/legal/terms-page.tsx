import { Prose } from "../../components/prose.tsx"

export const TermsPage = () => (
  <Prose>
    <h1>Terms of Service</h1>
    <p className="text-sm">Last updated 6 June 2025</p>
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
    <h2>Liability</h2>
    <p>
      Our liability to you is limited to the greater of EUR 100 or the amounts you paid us in the
      last 12 months.
    </p>
  </Prose>
)
