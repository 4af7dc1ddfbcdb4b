/**
 * `make` remembered per object it is given, for as long as that object lives: what is shared by identity
 * (a kept page, a kept song) is converted or encoded once, however many readers ask.
 */
export const oncePerObject = <K extends object, V>(make: (key: K) => V) => {
  const made = new WeakMap<K, V>()
  return (key: K): V => {
    if (made.has(key)) return made.get(key) as V
    const value = make(key)
    made.set(key, value)
    return value
  }
}
