/** Registers people through the API, a few at a time, and answers their session cookies. */
export const register = async (base: string, prefix: string, count: number) => {
  const cookies: Array<string> = []
  const atOnce = 4
  for (let first = 0; first < count; first += atOnce) {
    const batch = Array.from({ length: Math.min(atOnce, count - first) }, (_, i) => first + i)
    const made = await Promise.all(
      batch.map(async (n) => {
        const response = await fetch(`${base}/api/register`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: base },
          body: JSON.stringify({
            username: `${prefix}_${n}`,
            email: `${prefix}_${n}@bench.test`,
            password: "secret-password",
            name: "Bench Listener",
            acceptTerms: true,
          }),
        })
        if (response.status !== 201)
          throw new Error(`registration failed: ${response.status} ${await response.text()}`)
        return response.headers
          .getSetCookie()
          .map((line) => line.split(";")[0])
          .join("; ")
      }),
    )
    cookies.push(...made)
  }
  return cookies
}
