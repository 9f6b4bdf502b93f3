import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import {
  CredentialDecryptError,
  CredentialKeyError,
  MAIL_SECRET_KEY_FILE,
  MAIL_SECRET_KEYRING_FILE,
  createCredentialCipher,
} from './credentials';

const scratch = mkdtempSync(path.join(tmpdir(), 'lf-mail-secrets-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

let dirCount = 0;
function freshDataDir(): string {
  dirCount += 1;
  return path.join(scratch, `data-${dirCount}`);
}

const newKey = () => randomBytes(32).toString('base64');
const CONTEXT = 'email-account:42:smtp-password';
const PASSWORD = 'pässwörd with spaces & ünïcode 🔑';

function expectDecryptError(run: () => unknown, reason: CredentialDecryptError['reason']): void {
  assert.throws(
    run,
    (error: unknown) => error instanceof CredentialDecryptError && error.reason === reason && !error.message.includes(PASSWORD),
  );
}

describe('mailbox credential encryption', () => {
  it('round-trips, with a fresh IV every time', () => {
    const cipher = createCredentialCipher({ dataDir: freshDataDir(), env: { MAIL_SECRET_KEY: newKey() } });
    const first = cipher.encrypt(PASSWORD, CONTEXT);
    const second = cipher.encrypt(PASSWORD, CONTEXT);
    assert.notEqual(first, second);
    assert.ok(!first.includes(Buffer.from(PASSWORD).toString('base64url')));
    assert.equal(cipher.decrypt(first, CONTEXT), PASSWORD);
    assert.equal(cipher.decrypt(second, CONTEXT), PASSWORD);
    assert.equal(cipher.decrypt(cipher.encrypt('', CONTEXT), CONTEXT), '');
  });

  it('detects any altered byte and says so clearly', () => {
    const cipher = createCredentialCipher({ dataDir: freshDataDir(), env: { MAIL_SECRET_KEY: newKey() } });
    const token = cipher.encrypt(PASSWORD, CONTEXT);
    const parts = token.split('.');
    for (const index of [2, 3, 4]) {
      const field = Buffer.from(parts[index] as string, 'base64url');
      field[0] = (field[0] as number) ^ 0x01;
      const altered = [...parts];
      altered[index] = field.toString('base64url');
      expectDecryptError(() => cipher.decrypt(altered.join('.'), CONTEXT), 'tampered');
    }
    assert.throws(() => cipher.decrypt(`${token.slice(0, -2)}`, CONTEXT), CredentialDecryptError);
    expectDecryptError(() => cipher.decrypt('plain-text-password', CONTEXT), 'malformed');
    expectDecryptError(() => cipher.decrypt(`${token}.extra`, CONTEXT), 'malformed');
    assert.throws(() => cipher.decrypt(token.replace(/^lfc1/, 'lfc2'), CONTEXT), /not an encrypted credential/);
  });

  it('binds a ciphertext to its account and field', () => {
    const cipher = createCredentialCipher({ dataDir: freshDataDir(), env: { MAIL_SECRET_KEY: newKey() } });
    const token = cipher.encrypt(PASSWORD, CONTEXT);
    expectDecryptError(() => cipher.decrypt(token, 'email-account:43:smtp-password'), 'tampered');
    expectDecryptError(() => cipher.decrypt(token, 'email-account:42:imap-password'), 'tampered');
  });

  it('refuses a malformed MAIL_SECRET_KEY, naming the variable but not the value', () => {
    const short = randomBytes(16).toString('base64');
    assert.throws(
      () => createCredentialCipher({ dataDir: freshDataDir(), env: { MAIL_SECRET_KEY: short } }),
      (error: unknown) =>
        error instanceof CredentialKeyError &&
        /MAIL_SECRET_KEY must be 32 bytes/.test(error.message) &&
        !error.message.includes(short),
    );
    assert.throws(
      () => createCredentialCipher({ dataDir: freshDataDir(), env: { MAIL_SECRET_KEY: 'not base64 at all!' } }),
      CredentialKeyError,
    );
    assert.throws(
      () => createCredentialCipher({ dataDir: freshDataDir(), env: { MAIL_SECRET_KEY: newKey(), MAIL_SECRET_KEYS_OLD: 'xyz' } }),
      /MAIL_SECRET_KEYS_OLD entry 1/,
    );
  });
});

describe('generated key in DATA_DIR', () => {
  it('is created on first start with mode 0600, whatever the umask, and reused afterwards', () => {
    const dataDir = freshDataDir();
    const previousUmask = process.umask(0);
    let first;
    try {
      first = createCredentialCipher({ dataDir, env: {} });
    } finally {
      process.umask(previousUmask);
    }
    const file = path.join(dataDir, MAIL_SECRET_KEY_FILE);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.equal(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').length, 32);
    assert.deepEqual(readdirSync(dataDir), [MAIL_SECRET_KEY_FILE], 'no temporary file left behind');
    const token = first.encrypt(PASSWORD, CONTEXT);
    const restarted = createCredentialCipher({ dataDir, env: {} });
    assert.equal(restarted.keyId, first.keyId);
    assert.equal(restarted.decrypt(token, CONTEXT), PASSWORD);
  });

  it('refuses a key file that other users can read', () => {
    const dataDir = freshDataDir();
    createCredentialCipher({ dataDir, env: {} });
    chmodSync(path.join(dataDir, MAIL_SECRET_KEY_FILE), 0o644);
    assert.throws(() => createCredentialCipher({ dataDir, env: {} }), /accessible to other users \(mode 644\).*chmod 600/);
  });

  it('stays readable after MAIL_SECRET_KEY is set, and is rotated away from', () => {
    const dataDir = freshDataDir();
    const generated = createCredentialCipher({ dataDir, env: {} });
    const token = generated.encrypt(PASSWORD, CONTEXT);
    const configured = createCredentialCipher({ dataDir, env: { MAIL_SECRET_KEY: newKey() } });
    assert.notEqual(configured.keyId, generated.keyId);
    assert.deepEqual(configured.oldKeyIds, [generated.keyId]);
    assert.equal(configured.decrypt(token, CONTEXT), PASSWORD);
    assert.equal(configured.needsRotation(token), true);
  });
});

describe('key rotation', () => {
  it('reads old ciphertexts with MAIL_SECRET_KEYS_OLD and re-encrypts them under the new key', () => {
    const oldKey = newKey();
    const nextKey = newKey();
    const before = createCredentialCipher({ dataDir: freshDataDir(), env: { MAIL_SECRET_KEY: oldKey } });
    const stored = before.encrypt(PASSWORD, CONTEXT);

    const during = createCredentialCipher({
      dataDir: freshDataDir(),
      env: { MAIL_SECRET_KEY: nextKey, MAIL_SECRET_KEYS_OLD: ` ${newKey()}, ${oldKey}` },
    });
    assert.equal(during.decrypt(stored, CONTEXT), PASSWORD);
    assert.equal(during.needsRotation(stored), true);
    const rotated = during.reencrypt(stored, CONTEXT);
    assert.equal(during.needsRotation(rotated), false);
    assert.ok(rotated.split('.')[1] === during.keyId);

    // Once the old key is gone, the rotated value still reads and a forgotten one says which key it needs.
    const afterwards = createCredentialCipher({ dataDir: freshDataDir(), env: { MAIL_SECRET_KEY: nextKey } });
    assert.equal(afterwards.decrypt(rotated, CONTEXT), PASSWORD);
    assert.throws(
      () => afterwards.decrypt(stored, CONTEXT),
      (error: unknown) =>
        error instanceof CredentialDecryptError && error.reason === 'unknown_key' && error.message.includes(before.keyId),
    );
  });

  it('reads old keys from the keyring file in DATA_DIR, comments allowed, private mode required', () => {
    const oldKey = newKey();
    const stored = createCredentialCipher({ dataDir: freshDataDir(), env: { MAIL_SECRET_KEY: oldKey } }).encrypt(
      PASSWORD,
      CONTEXT,
    );
    const dataDir = freshDataDir();
    mkdirSync(dataDir, { recursive: true });
    const keyring = path.join(dataDir, MAIL_SECRET_KEYRING_FILE);
    writeFileSync(keyring, `# retired 2026-03\n${oldKey}\n\n`, { mode: 0o600 });
    const cipher = createCredentialCipher({ dataDir, env: { MAIL_SECRET_KEY: newKey() } });
    assert.equal(cipher.decrypt(stored, CONTEXT), PASSWORD);
    chmodSync(keyring, 0o640);
    assert.throws(() => createCredentialCipher({ dataDir, env: { MAIL_SECRET_KEY: newKey() } }), CredentialKeyError);
  });
});
