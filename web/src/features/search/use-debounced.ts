import { useEffect, useState } from "react"

/** `value` once it has stayed the same for `ms`: a question asked as the typing pauses, not per key. */
export const useDebounced = <A>(value: A, ms: number): A => {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}
