/**
 * Pays an intent through the LocalGateway's test-card form, as the browser does (no session:
 * the form is public); answers what the form said.
 */
export async function confirmTestCard(
  baseUrl: string,
  intent: { paymentIntentId: string; clientSecret: string },
  cardNumber = '4242 4242 4242 4242',
): Promise<Record<string, unknown>> {
  const res = await fetch(
    `${baseUrl}/api/local-gateway/intents/${intent.paymentIntentId}/confirm`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        clientSecret: intent.clientSecret,
        cardNumber,
        expiry: '12/40',
        cvc: '123',
      }),
    },
  );
  return (await res.json()) as Record<string, unknown>;
}
