/**
 * Mailbox credentials (SMTP/IMAP passwords, OAuth refresh tokens) encrypted at rest with
 * AES-256-GCM.
 *
 * The key: `MAIL_SECRET_KEY` (32 bytes, base64: `openssl rand -base64 32`) or, when it is unset,
 * a key generated on first start into `DATA_DIR/mail-secret.key` (mode 0600). A ciphertext names
 * the key that made it (a key id derived from the key), so older keys can stay readable while
 * everything is re-encrypted under the current one.
 *
 * Rotation:
 *   1. Set `MAIL_SECRET_KEY` to the new key and list the previous one in `MAIL_SECRET_KEYS_OLD`
 *      (comma-separated), or one per line in `DATA_DIR/mail-secret-old.keys` (mode 0600). A key
 *      generated into DATA_DIR earlier stays readable by itself once MAIL_SECRET_KEY is set.
 *   2. Restart: new writes use the new key, reads accept both.
 *   3. Re-encrypt every stored credential for which `needsRotation` is true (`reencrypt`).
 *   4. Remove the old key.
 *
 * Each ciphertext is bound to a context string (e.g. `email-account:42:smtp-password`) as GCM
 * additional data: a ciphertext copied to another row or field does not decrypt. Keys and
 * plaintexts never appear in an error message.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const MAIL_SECRET_KEY_FILE = 'mail-secret.key';
export const MAIL_SECRET_KEYRING_FILE = 'mail-secret-old.keys';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const FORMAT = 'lfc1';

export type CredentialErrorReason = 'malformed' | 'unknown_key' | 'tampered';

/** A stored credential that cannot be read; the message says why without echoing any secret. */
export class CredentialDecryptError extends Error {
  constructor(
    public readonly reason: CredentialErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'CredentialDecryptError';
  }
}

/** A key that cannot be used: unset, malformed, or in a file others can read. */
export class CredentialKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CredentialKeyError';
  }
}

export interface CredentialCipher {
  /** Id of the key new ciphertexts are made with. */
  readonly keyId: string;
  /** Ids of the keys that are only read (rotation). */
  readonly oldKeyIds: readonly string[];
  encrypt(plaintext: string, context: string): string;
  decrypt(ciphertext: string, context: string): string;
  /** True when the ciphertext was made with an older key and should be re-encrypted. */
  needsRotation(ciphertext: string): boolean;
  /** Decrypts with whichever key made it and encrypts again under the current key. */
  reencrypt(ciphertext: string, context: string): string;
}

export interface CredentialCipherOptions {
  dataDir: string;
  env: Readonly<Record<string, string | undefined>>;
}

function keyIdOf(key: Buffer): string {
  return createHash('sha256').update('leadforge mail credential key\0').update(key).digest('hex').slice(0, 16);
}

function parseKey(text: string, source: string): Buffer {
  const trimmed = text.trim();
  const key = /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)
    ? Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
    : Buffer.alloc(0);
  if (key.length !== KEY_BYTES) {
    throw new CredentialKeyError(`${source} must be ${KEY_BYTES} bytes written in base64 (openssl rand -base64 32)`);
  }
  return key;
}

/** Refuses a key file that group or others can read or write, as ssh does with private keys. */
function assertPrivate(file: string): void {
  const mode = statSync(file).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    throw new CredentialKeyError(
      `${file} is accessible to other users (mode ${mode.toString(8).padStart(3, '0')}); run chmod 600 on it`,
    );
  }
}

function readKeyFile(file: string): Buffer {
  assertPrivate(file);
  return parseKey(readFileSync(file, 'utf8'), file);
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * The generated key, created on first start. Written to a temporary file and linked into place,
 * so that a server and a worker starting together never see a half-written key: the link fails
 * for the second one, which then reads the first one's key.
 */
function loadOrCreateKeyFile(dataDir: string): Buffer {
  const file = path.join(dataDir, MAIL_SECRET_KEY_FILE);
  try {
    return readKeyFile(file);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  return readKeyFile(file);
}

function optionalKeyFile(file: string): Buffer | null {
  try {
    return readKeyFile(file);
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

function keyringFile(file: string): Buffer[] {
  let text: string;
  try {
    assertPrivate(file);
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter((line) => line !== '')
    .map((line, index) => parseKey(line, `${file} line ${index + 1}`));
}

function encode(buffer: Buffer): string {
  return buffer.toString('base64url');
}

function decode(text: string): Buffer | null {
  return /^[A-Za-z0-9_-]*$/.test(text) ? Buffer.from(text, 'base64url') : null;
}

function additionalData(keyId: string, context: string): Buffer {
  return Buffer.from(`${FORMAT}.${keyId}.${context}`, 'utf8');
}

interface ParsedCiphertext {
  keyId: string;
  iv: Buffer;
  sealed: Buffer;
  tag: Buffer;
}

function parse(ciphertext: string): ParsedCiphertext {
  const parts = ciphertext.split('.');
  if (parts.length !== 5 || parts[0] !== FORMAT) throw new CredentialDecryptError('malformed', 'not an encrypted credential');
  const [, keyId, ivText, sealedText, tagText] = parts as [string, string, string, string, string];
  const iv = decode(ivText);
  const sealed = decode(sealedText);
  const tag = decode(tagText);
  if (!/^[0-9a-f]{16}$/.test(keyId) || !iv || iv.length !== IV_BYTES || !sealed || !tag || tag.length !== TAG_BYTES) {
    throw new CredentialDecryptError('malformed', 'not an encrypted credential');
  }
  return { keyId, iv, sealed, tag };
}

/**
 * Reads the keys once (call at start-up). Throws CredentialKeyError when MAIL_SECRET_KEY or a key
 * file is malformed, or a key file is readable by others.
 */
export function createCredentialCipher({ dataDir, env }: CredentialCipherOptions): CredentialCipher {
  const configured = env.MAIL_SECRET_KEY?.trim();
  const generatedFile = path.join(dataDir, MAIL_SECRET_KEY_FILE);
  const current = configured ? parseKey(configured, 'MAIL_SECRET_KEY') : loadOrCreateKeyFile(dataDir);
  const older: Buffer[] = [];
  if (configured) {
    const generated = optionalKeyFile(generatedFile);
    if (generated) older.push(generated);
  }
  for (const [index, text] of (env.MAIL_SECRET_KEYS_OLD ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .entries()) {
    older.push(parseKey(text, `MAIL_SECRET_KEYS_OLD entry ${index + 1}`));
  }
  older.push(...keyringFile(path.join(dataDir, MAIL_SECRET_KEYRING_FILE)));

  const keyId = keyIdOf(current);
  const keys = new Map<string, Buffer>([[keyId, current]]);
  for (const key of older) {
    const id = keyIdOf(key);
    if (!keys.has(id)) keys.set(id, key);
  }

  const encrypt = (plaintext: string, context: string): string => {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', current, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(additionalData(keyId, context));
    const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [FORMAT, keyId, encode(iv), encode(sealed), encode(cipher.getAuthTag())].join('.');
  };

  const decrypt = (ciphertext: string, context: string): string => {
    const parsed = parse(ciphertext);
    const key = keys.get(parsed.keyId);
    if (!key) {
      throw new CredentialDecryptError(
        'unknown_key',
        `the credential was encrypted with key ${parsed.keyId}, which is not configured (MAIL_SECRET_KEY, MAIL_SECRET_KEYS_OLD)`,
      );
    }
    const decipher = createDecipheriv('aes-256-gcm', key, parsed.iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(additionalData(parsed.keyId, context));
    decipher.setAuthTag(parsed.tag);
    try {
      return Buffer.concat([decipher.update(parsed.sealed), decipher.final()]).toString('utf8');
    } catch {
      throw new CredentialDecryptError(
        'tampered',
        'the credential failed its integrity check: altered, or stored for another account or field',
      );
    }
  };

  return {
    keyId,
    oldKeyIds: [...keys.keys()].filter((id) => id !== keyId),
    encrypt,
    decrypt,
    needsRotation: (ciphertext) => parse(ciphertext).keyId !== keyId,
    reencrypt: (ciphertext, context) => encrypt(decrypt(ciphertext, context), context),
  };
}
