import { signedIds } from '../../security/signed-ids';

// The completion e-mail's rating link, /rate/{token}: the booking id and its HMAC, so a guest
// (no account) can rate their visit, and nobody can rate a visit whose link they were not sent.
// An underscore, not a dot, joins the two: the site serves a path ending in ".something" as a
// file, so /rate/{id}.{mac} would never reach the page.
const links = signedIds('rating_link_key', 'rate', '_');

/** Makes rating links' tokens. */
export const ratingTokens = links.tokens;

/** The booking a rating link's token names, or null when it is not one of ours. */
export const bookingOfRatingToken = links.idOf;
