/**
 * Puts `value` under `key` as the newest entry of a map kept to `capacity` entries: at capacity the oldest
 * makes room (a Map keeps the order entries were put in).
 */
export const setBounded = <K, V>(map: Map<K, V>, key: K, value: V, capacity: number) => {
  map.delete(key)
  if (map.size >= capacity) map.delete(map.keys().next().value as K)
  map.set(key, value)
}

/**
 * A map kept to a budget of bytes, as `sizeOf` counts them: the oldest entries make room. A value larger
 * than the whole budget is not kept.
 */
export const makeBudgetedMap = <K, V>(budget: number, sizeOf: (value: V) => number) => {
  const entries = new Map<K, { readonly value: V; readonly size: number }>()
  let used = 0
  const remove = (key: K) => {
    const entry = entries.get(key)
    if (entry === undefined) return
    entries.delete(key)
    used -= entry.size
  }
  return {
    get: (key: K) => entries.get(key)?.value,
    set: (key: K, value: V) => {
      remove(key)
      const size = sizeOf(value)
      if (size > budget) return
      while (used + size > budget) remove(entries.keys().next().value as K)
      entries.set(key, { value, size })
      used += size
    },
    clear: () => {
      entries.clear()
      used = 0
    },
    /** Takes out every entry whose key passes `test`. */
    removeWhere: (test: (key: K) => boolean) => {
      for (const key of [...entries.keys()]) if (test(key)) remove(key)
    },
    /** The bytes its entries take, as `sizeOf` counts them. */
    get used() {
      return used
    },
    get size() {
      return entries.size
    },
  }
}
