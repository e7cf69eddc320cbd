import { signedIds } from '../../security/signed-ids';

// A subscriber's unsubscribe token is their id and its HMAC (security/signed-ids.ts): the same
// link works in every newsletter they ever get.
const unsubscribe = signedIds('newsletter_unsubscribe_key', 'unsubscribe');

/** Makes subscribers' link tokens (the key, made with the first newsletter, read once per mailing). */
export const unsubscribeTokens = unsubscribe.tokens;

/** The subscriber a token names, or null when it is not one of ours. */
export const subscriberOfToken = unsubscribe.idOf;
