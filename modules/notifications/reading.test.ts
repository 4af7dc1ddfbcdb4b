import { describe, it } from "vitest"
import { NotificationRead, NotificationsRead } from "#events/contracts/notifications.ts"
import { given } from "#events/testing.ts"
import { reading } from "./reading.ts"

const userId = "reader"
const readThrough = (through: number) => new NotificationsRead({ userId, through })

describe("reading notifications", () => {
  it("reads all through a newer one, and nothing for one already read", () => {
    given(reading, [])
      .when({ _tag: "ReadAll", userId, through: 40 })
      .thenEmits([readThrough(40)])
    given(reading, [readThrough(40)])
      .when({ _tag: "ReadAll", userId, through: 40 })
      .thenNothing()
    given(reading, [readThrough(40)])
      .when({ _tag: "ReadAll", userId, through: 12 })
      .thenNothing()
    given(reading, [readThrough(40)])
      .when({ _tag: "ReadAll", userId, through: 41 })
      .thenEmits([readThrough(41)])
  })

  it("reads one newer than all that were read", () => {
    given(reading, [readThrough(40)])
      .when({ _tag: "ReadOne", userId, notificationId: 55 })
      .thenEmits([new NotificationRead({ userId, notificationId: 55 })])
    given(reading, [readThrough(40)])
      .when({ _tag: "ReadOne", userId, notificationId: 30 })
      .thenNothing()
  })
})
