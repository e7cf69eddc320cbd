// A link token in a path (a pay link, a rating, report or visit-move link) opens what it names
// to whoever holds it, for days: it must not sit in log files and what ships them. Only its
// first characters stay, enough to tell two requests apart, never to use one.
const TOKEN_PATH =
  /^((?:\/api)?\/(?:pay|ratings|rate|visit-moves|visit-reports|visit-report)\/)([^/?#]+)/;

/** The request's URL as logged: with any link token cut short. */
export function loggedUrl(url: string): string {
  return url.replace(TOKEN_PATH, (_all, prefix: string, token: string) =>
    token.length > 6 ? `${prefix}${token.slice(0, 6)}…` : `${prefix}${token}`,
  );
}
