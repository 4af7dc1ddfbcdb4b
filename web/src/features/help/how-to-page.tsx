import { Link } from "react-router"
import { Prose } from "../../components/prose.tsx"

export const HowToPage = () => (
  <Prose>
    <h1>How to create a song</h1>
    <h2>Getting Started</h2>
    <p>
      Create an account and confirm your email address. Then meet Melody in the{" "}
      <Link to="/chat" className="text-primary">
        AI Chat
      </Link>{" "}
      section.
    </p>
    <h2>Creating with AI Chat</h2>
    <ol>
      <li>
        <strong>Share a theme or an emotion.</strong> A memory, a person, a feeling: tell Melody
        what the song is about.
      </li>
      <li>
        <strong>Discuss the style.</strong> Pop, Rock, Hip-Hop, Country, Jazz, Electronic or
        Classical, or a mix.
      </li>
      <li>
        <strong>Specify the voice and the instruments.</strong> A male or female voice, and the
        instruments you hear.
      </li>
      <li>
        <strong>Review and confirm.</strong> When everything is right, confirm and Melody writes the
        lyrics.
      </li>
    </ol>
    <h2>Pro Tips</h2>
    <ul>
      <li>Be specific: "a bittersweet goodbye at a train station" beats "a sad song".</li>
      <li>
        Name a mood and a tempo along with the style: "laid-back jazz, brushed drums, late night".
      </li>
      <li>Edit the lyrics before you generate: the song follows them line by line.</li>
      <li>
        Prefer the form?{" "}
        <Link to="/app" className="text-primary">
          Create a song with the form
        </Link>{" "}
        instead of chatting.
      </li>
    </ul>
    <h2>The Generation Process</h2>
    <p>
      First come the lyrics, from Melody or from the form. When you are happy with them, press{" "}
      <strong>Generate Song</strong>: the song is made from the title, the lyrics and the style, in
      two versions, and saved to your library. A song costs 5 credits.
    </p>
    <h2>Staying Safe</h2>
    <p>
      Press <strong>Report</strong> on a song, a comment, a playlist or a creator&apos;s page that
      breaks the rules, and pick why; the bell tells you what an admin decided. If an admin hides
      something of yours, you still see it, marked hidden with the reason, and can press{" "}
      <strong>Appeal</strong> once: another admin decides, and you are told. Words the content check
      refuses are named at their field before anything is saved or charged.
    </p>
    <p>
      Press <strong>Block</strong> on someone&apos;s page to stop hearing from them: their comments
      are hidden from you, and they can no longer comment on your songs, reply to you or follow you.
      You stop following each other, and they are not told. <strong>Unblock</strong> on the same
      page undoes it.
    </p>
  </Prose>
)
