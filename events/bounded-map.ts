/**
 * Puts `value` under `key` as the newest entry of a map kept to `capacity` entries: at capacity the oldest
 * makes room (a Map keeps the order entries were put in).
 */
export const setBounded = <K, V>(map: Map<K, V>, key: K, value: V, capacity: number) => {
  map.delete(key)
  if (map.size >= capacity) map.delete(map.keys().next().value as K)
  map.set(key, value)
}
