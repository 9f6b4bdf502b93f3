/**
 * argon2id with the OWASP Password Storage Cheat Sheet minimum (m=19 MiB, t=2, p=1).
 * @node-rs/argon2 defaults to argon2id; the parameters are spelled out so a library default
 * change cannot weaken them silently.
 */
import { hash, verify } from '@node-rs/argon2';

export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of a random password, verified against when the email is unknown so timing tells nothing. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  return dummyHash;
}

const COMMON_PASSWORDS = new Set([
  'password', 'password1', 'password123', '12345678', '123456789', '1234567890', 'qwertyui', 'qwerty123',
  'iloveyou', 'abc12345', 'letmein1', 'welcome1', 'admin123', 'passw0rd', '11111111', '00000000', 'leadforge',
]);

/** Beyond the length bounds of the contract: refuse the obviously guessable. */
export function isWeakPassword(password: string, email: string, name?: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return true;
  if (new Set(lower).size < 4) return true;
  const local = email.split('@')[0]?.toLowerCase() ?? '';
  if (local.length >= 4 && lower.includes(local)) return true;
  if (lower === email.toLowerCase()) return true;
  if (name && name.trim().length >= 4 && lower === name.trim().toLowerCase()) return true;
  return false;
}
