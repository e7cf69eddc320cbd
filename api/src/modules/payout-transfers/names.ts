// One provider-week, one transfer group at the gateway: what a retry looks up before it sends
// again, so a transfer the gateway made while we were not listening is found, not made twice.
export const transferGroupOf = (providerId: string, weekStart: string) =>
  `payout-week:${providerId}:${weekStart}`;

/**
 * A key per refusal: a gateway keeps a refusal under its key, so a retry after one needs a new key;
 * a retry after an unknown outcome replays the same one (payout_transfers.key_attempt).
 */
export const transferAttemptKey = (providerId: string, weekStart: string, attempt: number) =>
  `${transferGroupOf(providerId, weekStart)}:attempt-${attempt}`;
