import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser"

/**
 * The browser's WebAuthn, loaded when a passkey is first used: it never weighs on a first visit. Asked
 * for only then, so a page drawn on the server is drawn the same in the browser.
 */
const webAuthn = async () => {
  if (typeof window.PublicKeyCredential !== "function")
    throw new Error("This browser cannot make or use passkeys.")
  return import("@simplewebauthn/browser")
}

/** The person closed the browser's passkey prompt, or it timed out: nothing to report. */
export const cancelled = (error: unknown) =>
  error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError")

/** Asks the browser (and the person) to make a passkey for the server's options. */
export const makePasskey = async (options: unknown) =>
  (await webAuthn()).startRegistration({
    optionsJSON: options as PublicKeyCredentialCreationOptionsJSON,
  })

/** Asks the browser (and the person) to sign the server's challenge with one of their passkeys. */
export const signWithPasskey = async (options: unknown) =>
  (await webAuthn()).startAuthentication({
    optionsJSON: options as PublicKeyCredentialRequestOptionsJSON,
  })
