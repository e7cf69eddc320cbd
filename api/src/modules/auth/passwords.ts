import argon2 from 'argon2';

export const hashPassword = (password: string): Promise<string> =>
  argon2.hash(password, { type: argon2.argon2id });

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
