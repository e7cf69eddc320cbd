/** A key the storage refuses: it could reach outside the photo folder or mean two things. */
export class UnsafeStorageKeyError extends Error {
  constructor(key: string, why: string) {
    super(`Unsafe storage key ${JSON.stringify(key)}: ${why}`);
    this.name = 'UnsafeStorageKeyError';
  }
}

// S3's own limit; a longer key would fail there but pass on disk.
const MAX_KEY_BYTES = 1024;

/**
 * The one rule for keys, shared by every driver so a key good on disk is good on S3 and the
 * other way round. Keys are ours (`<job id>/<photo id>.<ext>`), but one built from bad input
 * must fail loudly, never climb out of the folder (`..`, a leading `/`) nor name one object on
 * disk and another on S3 (`a//b` and `a/./b` are `a/b` on disk only; `\` is a separator on Windows).
 */
export function checkStorageKey(key: string): string {
  if (key.length === 0) throw new UnsafeStorageKeyError(key, 'it is empty');
  if (Buffer.byteLength(key) > MAX_KEY_BYTES)
    throw new UnsafeStorageKeyError(key, `it is longer than ${MAX_KEY_BYTES} bytes`);
  if (key.startsWith('/')) throw new UnsafeStorageKeyError(key, 'it starts with /');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
  if (/[\\\u0000-\u001f\u007f]/.test(key))
    throw new UnsafeStorageKeyError(key, 'it has a backslash or a control character');
  for (const segment of key.split('/')) {
    if (segment === '' || segment === '.' || segment === '..')
      throw new UnsafeStorageKeyError(key, `it has an empty, "." or ".." part`);
  }
  return key;
}
