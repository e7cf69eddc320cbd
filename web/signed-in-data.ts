/**
 * The API addresses a signed-in area's first screen asks for as it opens (its loader's queries and
 * its first components'), by route id. The server names them in the page's Link header when the
 * browser holds the signed-in hint, so they cross the network beside the page's scripts instead of
 * after them. A browser test checks that each one is used (each reaches the server once).
 */
export const signedInData: Record<string, readonly string[]> = {
  '/client/': ['/api/bookings', '/api/series', '/api/client/credits'],
  '/admin/': ['/api/admin/stats', '/api/admin/bookings?pageSize=10&sort=createdAt'],
};
