import { signedIds } from '../../security/signed-ids';

// The move e-mail's link, /visit-moves/{token}: the visit move's id and its HMAC, so a client
// (a guest too) settles their moved visit without signing in, and nobody can settle another's.
// An underscore joins the two: the site serves a path ending in ".something" as a file.
const links = signedIds('visit_move_link_key', 'visit-move', '_');

/** Makes visit-move links' tokens. */
export const visitMoveTokens = links.tokens;

/** The visit move a link's token names, or null when it is not one of ours. */
export const visitMoveOfToken = links.idOf;
