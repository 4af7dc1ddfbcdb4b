/** Buys the Pro pack (150 credits) on the test-mode checkout, as a person does: open it, then pay. */
export const buyPack = async (base: string, cookie: string) => {
  const headers = { "content-type": "application/json", origin: base, cookie }
  const opened = await fetch(`${base}/api/payments/create-payment-intent`, {
    method: "POST",
    headers,
    body: JSON.stringify({ amount: 13.29, credits: 150, description: "Pro pack" }),
  })
  if (!opened.ok) throw new Error(`opening a checkout: ${opened.status} ${await opened.text()}`)
  const { sessionId } = (await opened.json()) as { sessionId: string }
  const paid = await fetch(`${base}/api/checkout/${sessionId}/pay`, { method: "POST", headers })
  if (!paid.ok) throw new Error(`paying: ${paid.status} ${await paid.text()}`)
}
