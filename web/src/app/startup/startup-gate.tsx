import { type ReactNode, useCallback, useState } from "react"
import { storageKeys } from "../../lib/reset.ts"
import { SplashScreen } from "./splash-screen.tsx"

const hasSeenSplash = () => {
  try {
    return localStorage.getItem(storageKeys.hasSeenSplash) === "true"
  } catch {
    return false
  }
}

/** Shows the splash once per browser (until reset), and only then the app. */
export const StartupGate = ({ children }: { readonly children: ReactNode }) => {
  const [ready, setReady] = useState(hasSeenSplash)
  const finish = useCallback(() => {
    try {
      localStorage.setItem(storageKeys.hasSeenSplash, "true")
    } catch {
      // Without storage the splash simply shows again next time.
    }
    setReady(true)
  }, [])
  return ready ? children : <SplashScreen onDone={finish} />
}
