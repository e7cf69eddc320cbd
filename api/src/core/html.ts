const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text made safe for HTML, in an element or in a quoted attribute of either kind: the one
 * escaper for every page and e-mail the API builds. `&` is always escaped, so text that already
 * holds an entity comes out showing the entity, as the user typed it.
 */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
