import { BlockList, isIP } from "node:net"

/**
 * Which proxies in front of the server are believed about the client: none, the nearest `hops` of them, or
 * those at the listed addresses. Everything else in a forwarding header is the client's own word.
 */
export type TrustedProxies =
  | { readonly _tag: "None" }
  | { readonly _tag: "Hops"; readonly hops: number }
  | { readonly _tag: "Addresses"; readonly addresses: ReadonlyArray<string> }

export const trustNoProxy: TrustedProxies = { _tag: "None" }

const unmapped = (address: string) =>
  address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address

const isAddressOrRange = (entry: string) => {
  const [address = "", bits, ...rest] = entry.split("/")
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (bits === undefined) return true
  const prefix = Number(bits)
  return /^\d{1,3}$/.test(bits) && prefix <= (family === 4 ? 32 : 128)
}

/** TRUST_PROXY: `false`, `true` (one hop), a number of hops, or proxy addresses and ranges, comma-separated. */
export const parseTrustedProxies = (value: string): TrustedProxies | undefined => {
  const text = value.trim().toLowerCase()
  if (text === "" || text === "false" || text === "0") return trustNoProxy
  if (text === "true") return { _tag: "Hops", hops: 1 }
  if (/^\d{1,2}$/.test(text)) return { _tag: "Hops", hops: Number(text) }
  const addresses = text.split(",").map((entry) => entry.trim())
  return addresses.every(isAddressOrRange) ? { _tag: "Addresses", addresses } : undefined
}

const blockListOf = (addresses: ReadonlyArray<string>) => {
  const list = new BlockList()
  for (const entry of addresses) {
    const [address = "", bits] = entry.split("/")
    const type = isIP(address) === 4 ? "ipv4" : "ipv6"
    if (bits === undefined) list.addAddress(address, type)
    else list.addSubnet(address, Number(bits), type)
  }
  return list
}

/** How many trusted proxies reported the request, counted from the server towards the client. */
const trustedHops = (trusted: TrustedProxies) => {
  if (trusted._tag === "None") return () => 0
  if (trusted._tag === "Hops") return () => trusted.hops
  const list = blockListOf(trusted.addresses)
  const isTrusted = (address: string) => list.check(address, isIP(address) === 4 ? "ipv4" : "ipv6")
  return (chain: ReadonlyArray<string>) => {
    let hops = 0
    while (hops < chain.length && isTrusted(chain[chain.length - 1 - hops] ?? "")) hops += 1
    return hops
  }
}

/** Entries read from the right of X-Forwarded-For at most: more hops than this is not a real path. */
const longestChain = 32

export interface Client {
  readonly address: string
  /** The scheme the client used, as the nearest trusted proxy reports it; undefined when none does. */
  readonly scheme: string | undefined
}

/**
 * The client behind the trusted proxies. The chain is X-Forwarded-For followed by the connection's own peer;
 * each trusted proxy appends the address it was reached from, so the client is the first address, counting
 * from the right, that a trusted proxy reported and that is not itself a trusted proxy. Entries further
 * left were written by the client and are never believed.
 */
export const clientAddressOf = (trusted: TrustedProxies) => {
  const hopsOf = trustedHops(trusted)
  return (peer: string, headers: Readonly<Record<string, string | undefined>>): Client => {
    const forwardedFor = (headers["x-forwarded-for"] ?? "")
      .split(",")
      .slice(-longestChain)
      .map((entry) => unmapped(entry.trim()))
    const chain = [...forwardedFor.filter((entry) => entry !== ""), unmapped(peer)]
    const counted = hopsOf(chain)
    const trustedPeer = counted > 0
    const most = Math.min(counted, chain.length - 1)
    let hops = 0
    // A proxy that reported something other than an address is not followed past it.
    while (hops < most && isIP(chain[chain.length - 2 - hops] ?? "") !== 0) hops += 1
    const proto = headers["x-forwarded-proto"]?.split(",").at(-1)?.trim().toLowerCase()
    return {
      address: chain[chain.length - 1 - hops] ?? unmapped(peer),
      scheme: trustedPeer && (proto === "http" || proto === "https") ? proto : undefined,
    }
  }
}

const forwardingHeaders = ["x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-host"]

/**
 * A request from this machine itself: its connection comes from loopback and no proxy says it carried it.
 * A proxy on this machine connects from loopback too, which is why any forwarding header disqualifies.
 */
export const isFromThisMachine = (
  peer: string | undefined,
  headers: Readonly<Record<string, string | undefined>>,
) => {
  if (peer === undefined) return false
  const address = unmapped(peer)
  const loopback = address === "::1" || (isIP(address) === 4 && address.startsWith("127."))
  return loopback && forwardingHeaders.every((name) => headers[name] === undefined)
}
