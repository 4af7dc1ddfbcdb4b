import { InsufficientCreditsBanner } from "../../features/credits/insufficient-credits-banner.tsx"
import { VoicePicker } from "../../features/voices/voice-picker.tsx"

/**
 * What the song-making features (generation, operations) draw from others: the voices feature's picker
 * for which of my kept voices sings, and the credits feature's banner for a balance below the price.
 */
export const songMakingSlots = {
  voicePicker: (choice: {
    readonly value: string
    readonly onChange: (voiceId: string) => void
  }) => <VoicePicker value={choice.value} onChange={choice.onChange} />,
  shortOfCredits: (message: string) => <InsufficientCreditsBanner message={message} />,
}
