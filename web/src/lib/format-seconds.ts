/** A time in seconds as minutes and seconds: 184.2 is "3:04". */
export const formatSeconds = (seconds: number) => {
  const whole = Math.max(0, Math.floor(seconds))
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`
}
