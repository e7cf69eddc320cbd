// The owner's ZIP list as typed: several at once, separated by commas or spaces.

export type ParsedZips = { zips: string[] } | { error: string };

/** "55802, 55803 55804" → each ZIP once; any word that is not 5 digits is named in the error. */
export function parseZips(typed: string): ParsedZips {
  const words = typed.split(/[\s,;]+/).filter(Boolean);
  if (words.length === 0) return { error: 'Type a ZIP code, or several separated by commas' };
  const bad = words.filter((word) => !/^\d{5}$/.test(word));
  if (bad.length) {
    return {
      error: `ZIP code must be 5 digits: ${bad.slice(0, 3).join(', ')}${bad.length > 3 ? '…' : ''}`,
    };
  }
  return { zips: [...new Set(words)] };
}

/** The list with these ZIPs added, each once, sorted. */
export const withZips = (list: readonly string[], added: readonly string[]) =>
  [...new Set([...list, ...added])].sort();

/** What the edited list adds to and removes from the saved one. */
export function changesOf(saved: readonly string[], edited: readonly string[]) {
  const was = new Set(saved);
  const now = new Set(edited);
  return {
    added: edited.filter((zip) => !was.has(zip)),
    removed: saved.filter((zip) => !now.has(zip)),
  };
}

/** "Added 55802. Removed 55401 and 55402.", or that nothing changed. */
export function changesText({ added, removed }: { added: string[]; removed: string[] }) {
  const list = (zips: string[]) =>
    zips.length > 1 ? `${zips.slice(0, -1).join(', ')} and ${zips.at(-1)}` : (zips[0] ?? '');
  const parts = [
    added.length ? `Added ${list(added)}.` : '',
    removed.length ? `Removed ${list(removed)}.` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' ') : 'No changes.';
}
