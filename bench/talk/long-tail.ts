/**
 * How `total` things (comments, reports) fall on `count` places ranked by how much they draw: the place
 * of rank r (from 0) gets `least + floor(scale / (r + 1 + head))`, the scale chosen so they add up to
 * exactly `total`. A larger `head` flattens the first ranks: a few places get thousands, most a few,
 * and (with `least` 0) the last none.
 */
export const tailCounts = (
  count: number,
  total: number,
  shape: { readonly head: number; readonly least: number },
): Int32Array => {
  const { head, least } = shape
  if (count * least > total) throw new Error(`${total} cannot give ${count} places ${least} each`)
  const fill = (scale: number) => {
    const counts = new Int32Array(count)
    let sum = 0
    for (let r = 0; r < count; r++) {
      counts[r] = least + Math.floor(scale / (r + 1 + head))
      sum += counts[r]!
    }
    return { counts, sum }
  }
  let low = 0
  let high = total * (head + 1) + 1
  while (low < high) {
    const mid = Math.floor((low + high) / 2)
    if (fill(mid).sum >= total) high = mid
    else low = mid + 1
  }
  const { counts, sum } = fill(low)
  // The scale that reaches the total may pass it by a few: the least drawing places give them back.
  let over = sum - total
  for (let r = count - 1; over > 0 && r >= 0; r--) {
    if (counts[r]! > least) {
      counts[r]!--
      over--
      r++
    }
  }
  return counts
}

/** Each thing's place, in the order they arrive: every place `counts[r]` times, shuffled. */
export const arrivalOrder = (counts: Int32Array): Int32Array => {
  let total = 0
  for (const n of counts) total += n
  const order = new Int32Array(total)
  let at = 0
  counts.forEach((n, place) => {
    order.fill(place, at, at + n)
    at += n
  })
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    const swap = order[i]!
    order[i] = order[j]!
    order[j] = swap
  }
  return order
}
