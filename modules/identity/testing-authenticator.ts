import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto"
import { isoCBOR } from "@simplewebauthn/server/helpers"

const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest()
const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url")

/** Flags of authenticator data: the person was present (UP) and verified (UV); a new key (AT). */
const present = 0x01
const verified = 0x04
const attested = 0x40

const counterBytes = (counter: number) => {
  const bytes = Buffer.alloc(4)
  bytes.writeUInt32BE(counter)
  return bytes
}

interface Held {
  readonly privateKey: KeyObject
  readonly userHandle: string
  counter: number
}

/**
 * A software passkey authenticator, as a phone or a security key answers WebAuthn: ES256 keys made on
 * request, "none" attestation, a counter that rises with each use, and the person always verified.
 */
export const softAuthenticator = (origin: string) => {
  const rpIdHash = sha256(new URL(origin).hostname)
  const held = new Map<string, Held>()
  const clientData = (type: string, challenge: string) =>
    JSON.stringify({ type, challenge, origin, crossOrigin: false })

  const create = (options: { challenge: string; user: { id: string } }) => {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" })
    const jwk = publicKey.export({ format: "jwk" })
    const coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? "", "base64url")],
        [-3, Buffer.from(jwk.y ?? "", "base64url")],
      ]),
    )
    const id = randomBytes(16)
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(id.length)
    const authData = Buffer.concat([
      rpIdHash,
      Buffer.from([present | verified | attested]),
      counterBytes(0),
      Buffer.alloc(16),
      idLength,
      id,
      coseKey,
    ])
    const attestation = new Map<string, string | Uint8Array | Map<number, number>>()
    attestation.set("fmt", "none").set("attStmt", new Map()).set("authData", authData)
    const attestationObject = isoCBOR.encode(attestation)
    held.set(b64url(id), { privateKey, userHandle: options.user.id, counter: 0 })
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: "public-key" as const,
      response: {
        clientDataJSON: b64url(clientData("webauthn.create", options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
    }
  }

  /** A signed answer from the passkey `id` (the first one made, unless named). */
  const get = (options: { challenge: string }, id = [...held.keys()][0] ?? "") => {
    const key = held.get(id)
    if (key === undefined) throw new Error(`no passkey ${id}`)
    key.counter += 1
    const authenticatorData = Buffer.concat([
      rpIdHash,
      Buffer.from([present | verified]),
      counterBytes(key.counter),
    ])
    const clientDataJSON = clientData("webauthn.get", options.challenge)
    const signature = sign(
      "sha256",
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      key.privateKey,
    )
    return {
      id,
      rawId: id,
      type: "public-key" as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: key.userHandle,
      },
      clientExtensionResults: {},
    }
  }

  return { create, get }
}
