/**
 * Address syntax, practical RFC 5321/5322: the dot-atom forms real mailboxes use. Quoted local
 * parts, comments and IP-literal domains are legal but are refused here: no mailbox provider hands
 * them out and every one we saw in lead data was a typo or an attack string.
 */
import { domainToASCII } from 'node:url';
import { run as suggestAddress } from '@zootools/email-spell-checker';

/** RFC 5321 §4.5.3.1: path 256 octets incl. the angle brackets, local part 64, label 63. */
const MAX_ADDRESS = 254;
const MAX_LOCAL = 64;
const MAX_LABEL = 63;

const LOCAL_ATOM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
/** A top-level domain is letters (or punycode), never digits only (that would be an IP). */
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

export interface ParsedAddress {
  /** Normalised: lower case, the domain in its ASCII (punycode) form. */
  email: string;
  local: string;
  domain: string;
}

/** Parses an address as typed; null when it is not a usable mailbox address. */
export function parseAddress(input: string): ParsedAddress | null {
  const raw = input.trim();
  if (raw.length === 0 || raw.length > MAX_ADDRESS) return null;
  const at = raw.lastIndexOf('@');
  if (at <= 0 || at === raw.length - 1) return null;
  // Local parts are case-sensitive in theory; every provider treats them case-insensitively.
  const local = raw.slice(0, at).toLowerCase();
  const domainInput = raw.slice(at + 1).toLowerCase().replace(/\.$/, '');
  if (local.length > MAX_LOCAL || !LOCAL_ATOM.test(local)) return null;
  // Non-ASCII (internationalised) domains are looked up in their punycode form.
  const domain = [...domainInput].every((char) => char.charCodeAt(0) < 0x80) ? domainInput : domainToASCII(domainInput);
  if (!domain) return null;
  const labels = domain.split('.');
  if (labels.length < 2) return null;
  if (!labels.every((label) => label.length <= MAX_LABEL && LABEL.test(label))) return null;
  if (!TLD.test(labels[labels.length - 1]!)) return null;
  const email = `${local}@${domain}`;
  if (email.length > MAX_ADDRESS) return null;
  return { email, local, domain };
}

/** "Did you mean …": the address with a common domain when this one looks like its typo (gmial.com). */
export function suggestCorrection(address: ParsedAddress): string | null {
  const suggestion = suggestAddress({ email: address.email });
  if (!suggestion || suggestion.full === address.email) return null;
  return suggestion.full.toLowerCase();
}
