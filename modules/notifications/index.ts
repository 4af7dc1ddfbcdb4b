/** Notifications: what a person has read of what they were told, and which of it they are mailed. */
export { NotificationReadingApi } from "./api.ts"
export { EmailSettings } from "./email-settings.ts"
export { NotificationReadingHttpLive } from "./http.ts"
export { notificationMigrations } from "./migrations.ts"
export { notificationReactions } from "./notification-mails.ts"
export { NotificationReadings } from "./readings.ts"
