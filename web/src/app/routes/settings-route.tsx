import { EmailChoices } from "../../features/notifications/email-choices.tsx"
import { SettingsPage } from "../../features/settings/settings-page.tsx"

export const SettingsRoute = () => <SettingsPage notifications={<EmailChoices />} />
