/**
 * A mailbox's own DKIM key: generated here (RSA-2048) or pasted by its owner as a PEM, stored
 * encrypted with the credential cipher bound to `dkimKeyContext(id)` (the sending engine opens it
 * there, engines/mail/outbound/mailbox.ts `dkimOf`), and never answered or logged. Its public part
 * is kept in clear beside it, so the list and the DNS check never open the private key.
 *
 * The DNS check reads the TXT record `<selector>._domainkey.<domain>` through DNS_SERVERS when set
 * (tests point it at a loopback server), as the tracking domain's CNAME check does.
 */
import { createPrivateKey, createPublicKey, generateKeyPair, sign, verify, type KeyObject } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { promisify } from 'node:util';
import { DKIM_DEFAULTS, type EmailAccountDkim, type ErrorKey } from '@leadforge/contracts';
import { dkimKeyContext, domainOf } from '../../engines/mail/outbound/mailbox';
import type { CredentialCipher } from '../../engines/mail/secrets/credentials';
import type { EmailAccountChanges, EmailAccountRow } from './repository';

const generateKeyPairAsync = promisify(generateKeyPair);

export interface DkimKey {
  /** PKCS#8 PEM: only ever handed to the cipher. */
  privateKeyPem: string;
  /** Base64 DER SubjectPublicKeyInfo: the `p=` of the TXT record. */
  publicKey: string;
}

function keyOf(privateKey: KeyObject): DkimKey {
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: createPublicKey(privateKey).export({ type: 'spki', format: 'der' }).toString('base64'),
  };
}

/** A new RSA pair; generated off the event loop (a 2048-bit prime search takes tens to hundreds of milliseconds). */
export async function generateDkimKey(bits: number = DKIM_DEFAULTS.generatedKeyBits): Promise<DkimKey> {
  const { privateKey } = await generateKeyPairAsync('rsa', { modulusLength: bits });
  return keyOf(privateKey);
}

/**
 * The pasted key when it is an unencrypted RSA private key (PKCS#1 or PKCS#8 PEM) of 1024–4096
 * bits; null otherwise. Ed25519 and RSA-PSS keys are refused: the engine signs rsa-sha256 with
 * PKCS#1 v1.5 padding only, and a key it cannot use would send mail that looks signed to the user
 * and unsigned to every receiver.
 */
export function readDkimKey(pem: string): DkimKey | null {
  let privateKey: KeyObject;
  try {
    // Without a passphrase an encrypted PEM throws here, as do a public key, a certificate and any other text.
    privateKey = createPrivateKey({ key: pem, format: 'pem' });
  } catch {
    return null;
  }
  if (privateKey.asymmetricKeyType !== 'rsa') return null;
  const bits = privateKey.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < DKIM_DEFAULTS.minKeyBits || bits > DKIM_DEFAULTS.maxKeyBits) return null;
  // A PEM can parse and still be damaged (a changed modulus or prime): it must make a signature
  // its own public half verifies, as a receiver will.
  try {
    const probe = Buffer.from('leadforge dkim key probe');
    if (!verify('sha256', probe, createPublicKey(privateKey), sign('sha256', probe, privateKey))) return null;
  } catch {
    return null;
  }
  return keyOf(privateKey);
}

/** The columns that set a key: selector, the private key sealed for this mailbox, the public key, not verified yet. */
export function dkimColumns(cipher: CredentialCipher, mailboxId: number, selector: string, key: DkimKey): EmailAccountChanges {
  return {
    dkimSelector: selector,
    dkimPrivateKey: cipher.encrypt(key.privateKeyPem, dkimKeyContext(mailboxId)),
    dkimPublicKey: key.publicKey,
    dkimVerifiedAt: null,
  };
}

/** The columns that remove the key: the engine signs only when a selector and a private key are both set. */
export const NO_DKIM_COLUMNS: EmailAccountChanges = {
  dkimSelector: null,
  dkimPrivateKey: null,
  dkimPublicKey: null,
  dkimVerifiedAt: null,
};

export function dkimRecordOf(selector: string, domain: string, publicKey: string): EmailAccountDkim['record'] {
  return { type: 'TXT', name: `${selector}._domainkey.${domain}`, value: `v=DKIM1; k=rsa; p=${publicKey}` };
}

/** What the API shows of a mailbox's key; null when none is set (the public key is written with every key this area sets). */
export function dkimViewOf(
  row: Pick<EmailAccountRow, 'email' | 'dkimSelector' | 'dkimPrivateKey' | 'dkimPublicKey' | 'dkimVerifiedAt'>,
): EmailAccountDkim | null {
  if (!row.dkimSelector || !row.dkimPrivateKey || !row.dkimPublicKey) return null;
  const domain = domainOf(row.email);
  return {
    selector: row.dkimSelector,
    domain,
    record: dkimRecordOf(row.dkimSelector, domain, row.dkimPublicKey),
    verifiedAt: row.dkimVerifiedAt ? row.dkimVerifiedAt.toISOString() : null,
  };
}

// ------------------------------------------------------------------ the DNS check

/** RFC 6376 §3.2 tag list: `tag=value` pairs split by semicolons, white space around either ignored. */
/** The tags of a DKIM or DMARC TXT record (`v=…; p=…`), names lower-cased, the first of each kept. */
export function tagsOf(record: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of record.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim().toLowerCase();
    if (name && !tags.has(name)) tags.set(name, part.slice(at + 1).trim());
  }
  return tags;
}

/** The public key of a DKIM key record (RFC 6376 §3.6.1), white space removed; null for another kind of TXT record. */
function publishedKeyOf(record: string): string | null {
  const tags = tagsOf(record);
  const version = tags.get('v');
  if (version !== undefined && version !== 'DKIM1') return null;
  const key = tags.get('p');
  return key === undefined ? null : key.replace(/\s+/g, '');
}

/**
 * Whether a published `p=` is our key: the same text, or the same RSA key written another way
 * (the bare PKCS#1 RSAPublicKey that RFC 6376 names, which some DNS tools publish).
 */
function isSameKey(published: string, expected: string): boolean {
  if (published === expected) return true;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(published)) return false;
  const der = Buffer.from(published, 'base64');
  for (const type of ['spki', 'pkcs1'] as const) {
    try {
      return (
        createPublicKey({ key: der, format: 'der', type }).export({ type: 'spki', format: 'der' }).toString('base64') === expected
      );
    } catch {
      // Not this encoding; try the next.
    }
  }
  return false;
}

export interface DkimRecordFinding {
  verified: boolean;
  /** The TXT records at the name, each joined from its strings. */
  found: string[];
  errorKey: ErrorKey | null;
}

const NO_RECORD = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);
/** What the check answers of the records found: enough to see what is published, bounded whatever the zone holds. */
const MAX_FOUND = 20;
const MAX_FOUND_LENGTH = 4_000;

export class DkimRecordChecker {
  private readonly resolver: Resolver;

  constructor(options: { dnsServers: readonly string[]; timeoutMs: number }) {
    this.resolver = new Resolver({ timeout: Math.min(options.timeoutMs, 5_000), tries: 2 });
    if (options.dnsServers.length > 0) this.resolver.setServers([...options.dnsServers]);
  }

  async check(name: string, publicKey: string): Promise<DkimRecordFinding> {
    let records: string[];
    try {
      // A record longer than 255 octets is published as several strings, which make one value.
      records = (await this.resolver.resolveTxt(name)).map((strings) => strings.join(''));
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      return {
        verified: false,
        found: [],
        errorKey: typeof code === 'string' && NO_RECORD.has(code) ? 'dkim_record_missing' : 'mail_dns_failed',
      };
    }
    const found = records.slice(0, MAX_FOUND).map((record) => record.slice(0, MAX_FOUND_LENGTH));
    const keys = records.map(publishedKeyOf).filter((key): key is string => key !== null);
    if (keys.length === 0) return { verified: false, found, errorKey: 'dkim_record_missing' };
    // An empty p= is a revoked key (RFC 6376 §3.6.1): published, but not ours.
    const verified = keys.some((key) => isSameKey(key, publicKey));
    return { verified, found, errorKey: verified ? null : 'dkim_record_mismatch' };
  }
}
