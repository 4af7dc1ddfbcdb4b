import { Link } from "react-router"
import { Prose } from "../../components/prose.tsx"

export const AboutPage = () => (
  <Prose>
    <h1>About Melody Studio</h1>
    <p>
      Melody Studio turns an idea into a finished song. You talk with <strong>Melody</strong>, our
      AI assistant, about what the song should say and how it should sound; Melody writes the
      lyrics; you shape them; and the studio composes and sings the song for you.
    </p>
    <h2>What you can do</h2>
    <ul>
      <li>Chat with Melody, or fill in a short form, to get lyrics for your idea.</li>
      <li>Edit the lyrics, then generate a full song in two versions.</li>
      <li>Keep your songs in your library: play them, download them as MP3 or WAV, share them.</li>
      <li>Publish songs on the public timeline, where listeners like the ones they love.</li>
      <li>Export any song as a video for Instagram, Facebook, YouTube or TikTok.</li>
    </ul>
    <h2>Your work is yours</h2>
    <p>
      Songs are private until you make them public, and what the AI makes for you is assigned to
      you. Read the{" "}
      <Link to="/terms" className="text-primary">
        Terms of Service
      </Link>{" "}
      and the{" "}
      <Link to="/privacy" className="text-primary">
        Privacy Policy
      </Link>{" "}
      for the details.
    </p>
  </Prose>
)
