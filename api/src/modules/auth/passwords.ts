import argon2 from 'argon2';

/**
 * OWASP's argon2id settings (Password Storage Cheat Sheet: 19 MiB, 2 passes, 1 lane). The
 * library's default (64 MiB, 3 passes, 4 lanes) took about 240 ms of a 2-core server per sign-in
 * or wrong guess, a fifth of that here: a burst of guesses, which are hashed too so timing tells
 * nothing, could otherwise hold the CPU and the memory.
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, OPTIONS);

/** A hash made with other settings (before these), to be replaced at the next right password. */
export const needsRehash = (hash: string): boolean => argon2.needsRehash(hash, OPTIONS);

// Verifying against this when the account does not exist keeps login time the same either way,
// so timing does not reveal which e-mail addresses have accounts.
const decoy = hashPassword('decoy password that never matches');

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    await argon2.verify(await decoy, password);
    return false;
  }
  return argon2.verify(hash, password);
}
