/**
 * Address syntax, practical RFC 5321/5322 plus RFC 6531 (internationalised local parts): the
 * dot-atom forms real mailboxes use. Quoted local parts, comments and IP-literal domains are legal
 * but are refused here: no mailbox provider hands them out and every one we saw in lead data was a
 * typo or an attack string.
 */
import { domainToASCII } from 'node:url';
import { run as suggestAddress } from '@zootools/email-spell-checker';
import { hasEmailAddressShape } from '@leadforge/contracts';

/** RFC 5321 §4.5.3.1: path 256 octets incl. the angle brackets, local part 64, label 63. */
const MAX_ADDRESS = 254;
const MAX_LOCAL = 64;
const MAX_LABEL = 63;

const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

export interface ParsedAddress {
  /** Normalised: lower case (NFC), the domain in its ASCII (punycode) form. */
  email: string;
  local: string;
  domain: string;
  /** The local part has non-ASCII characters: only a server announcing SMTPUTF8 can be asked. */
  utf8Local: boolean;
}

function isAscii(text: string): boolean {
  return [...text].every((char) => char.charCodeAt(0) < 0x80);
}

/** Parses an address as typed; null when it is not a usable mailbox address. */
export function parseAddress(input: string): ParsedAddress | null {
  const raw = input.trim().normalize('NFC');
  if (raw.length === 0 || raw.length > MAX_ADDRESS) return null;
  const at = raw.lastIndexOf('@');
  if (at <= 0 || at === raw.length - 1) return null;
  // Local parts are case-sensitive in theory; every provider treats them case-insensitively.
  const local = raw.slice(0, at).toLowerCase();
  const domainInput = raw.slice(at + 1).toLowerCase().replace(/\.$/, '');
  // The shape rule is shared with the screens' pre-check (contracts); checked before punycode,
  // because the converter happily encodes "com©" into an xn-- label that looks like a real TLD.
  if (Buffer.byteLength(local, 'utf8') > MAX_LOCAL || !hasEmailAddressShape(`${local}@${domainInput}`)) return null;
  // Non-ASCII (internationalised) domains are looked up in their punycode form.
  const domain = isAscii(domainInput) ? domainInput : domainToASCII(domainInput);
  if (!domain) return null;
  const labels = domain.split('.');
  if (!labels.every((label) => label.length <= MAX_LABEL && LABEL.test(label))) return null;
  if (!TLD.test(labels[labels.length - 1]!)) return null;
  const email = `${local}@${domain}`;
  if (Buffer.byteLength(email, 'utf8') > MAX_ADDRESS) return null;
  return { email, local, domain, utf8Local: !isAscii(local) };
}

/** "Did you mean …": the address with a common domain when this one looks like its typo (gmial.com). */
export function suggestCorrection(address: ParsedAddress): string | null {
  // The checker's own syntax rules are ASCII-only: an internationalised local part gets no guess.
  if (address.utf8Local) return null;
  const suggestion = suggestAddress({ email: address.email });
  if (!suggestion || suggestion.full === address.email) return null;
  return suggestion.full.toLowerCase();
}
