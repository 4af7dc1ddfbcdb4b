import { Bot, MessageCircle, Music2, PenLine, ShieldCheck, Wand2 } from "lucide-react"

/** The landing page's words. */

/** How a song is made, in three steps. */
export const steps = [
  {
    icon: MessageCircle,
    title: "Chat with Melody",
    text: "Tell Melody what your song is about: a moment, a feeling, a story.",
  },
  {
    icon: PenLine,
    title: "Generate Lyrics",
    text: "Melody writes lyrics in the style you chose. Edit every line until it sounds like you.",
  },
  {
    icon: Music2,
    title: "Create Music",
    text: "Turn title, lyrics and style into a full song with vocals and instruments.",
  },
] as const

/** What the studio offers. */
export const features = [
  {
    icon: Bot,
    title: "AI Chat Assistant",
    text: "A conversation, not a form: Melody asks about theme, style, voice and instruments.",
  },
  {
    icon: Wand2,
    title: "Advanced AI Agents",
    text: "Lyrics written to your idea and style, then a song composed and sung from them.",
  },
  {
    icon: Music2,
    title: "Professional Music",
    text: "Full songs in two versions, ready to play, download as MP3 or WAV, and share.",
  },
  {
    icon: ShieldCheck,
    title: "Secure Platform",
    text: "Secure accounts, and your songs stay private until you choose to share them.",
  },
] as const

/** Why make songs here. */
export const reasons = [
  "Chat your way from a vague idea to finished lyrics.",
  "Generate real songs from your words, in the style you want.",
  "Keep everything private until you share it on the timeline.",
  "Export any song as a video for social media.",
] as const
