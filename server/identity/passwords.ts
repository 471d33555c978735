import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

const ARGON2_OPTIONS = {
  // Algorithm is a const enum, which isolatedModules cannot read from a declaration file: 2 is Argon2id.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a hash of a random value with the same cost, for unknown users: a refusal then takes
 * about as long as for a real user with a wrong password, so timing does not tell which usernames exist.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}

/** A random password that meets the password rules, for bootstrap users. */
export function randomPassword(): string {
  return `${randomBytes(12).toString('base64url')}aA1!`;
}
