/** Notifications: what a person has read of what they were told. */
export { NotificationReadingApi } from "./api.ts"
export { NotificationReadingHttpLive } from "./http.ts"
export { NotificationReadings } from "./readings.ts"
