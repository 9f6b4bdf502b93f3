import { createHmac } from 'node:crypto';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { E2E_BASE_URL } from '../../support/env';
import type { TestUser } from '../../support/fixtures';

/**
 * A signed-in API client of the app under test, for setting an account up the way its owner
 * would from another tab (a team link, 2FA) before the journey opens the browser.
 */
export async function apiSession(user: TestUser): Promise<{ post: (path: string, data?: unknown) => Promise<unknown>; dispose: () => Promise<void> }> {
  const context: APIRequestContext = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  const csrf = async () => ((await (await context.get('/auth/csrf', { headers: { accept: 'application/json' } })).json()) as { token: string }).token;
  const post = async (path: string, data?: unknown) => {
    const response = await context.post(path, { headers: { 'x-csrf-token': await csrf(), accept: 'application/json' }, data: data ?? {} });
    if (!response.ok()) throw new Error(`${path} answered ${response.status()}: ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
  await post('/auth/login', { email: user.email, password: user.password });
  return { post, dispose: () => context.dispose() };
}

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const bytes: number[] = [];
  for (let index = 0; index + 8 <= bits.length; index += 8) bytes.push(Number.parseInt(bits.slice(index, index + 8), 2));
  return Buffer.from(bytes);
}

/** The six-digit code an authenticator app shows for `secret` (RFC 6238: SHA-1, 30 s), `steps` periods from now. */
export function totp(secret: string, steps = 0): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 1000 / 30) + steps));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
