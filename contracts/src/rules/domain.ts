/**
 * Domain format of document 1 §5: optional (empty is valid); when a protocol is required it must
 * be http:// or https://; then labels of letters, digits and hyphens separated by dots, ending in
 * a top-level part of at least 2 letters; no label starts or ends with a hyphen. A top-level part
 * in its ASCII (punycode, `xn--`) spelling counts as letters: it is how `рф` travels in a URL.
 */
import type { ErrorKey } from '../errors';

export interface DomainFormatOptions {
  /** The value must start with http:// or https://. */
  requireProtocol?: boolean;
}

const PROTOCOL = /^https?:\/\//i;
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
const TOP_LEVEL = /^(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/iu;

export function isValidDomain(value: string | null | undefined, options: DomainFormatOptions = {}): boolean {
  const trimmed = (value ?? '').trim();
  if (trimmed.length === 0) return true;
  const hasProtocol = PROTOCOL.test(trimmed);
  if (options.requireProtocol && !hasProtocol) return false;
  const host = trimmed.replace(PROTOCOL, '');
  if (host.length > 253) return false;
  const labels = host.split('.');
  if (labels.length < 2) return false;
  const topLevel = labels[labels.length - 1] ?? '';
  if (!TOP_LEVEL.test(topLevel)) return false;
  return labels.slice(0, -1).every((label) => LABEL.test(label));
}

export function domainError(
  value: string | null | undefined,
  options: DomainFormatOptions = {},
): Extract<ErrorKey, 'domain_invalid'> | null {
  return isValidDomain(value, options) ? null : 'domain_invalid';
}

/**
 * A web address as people type a company website: an optional http(s):// scheme, the host, an
 * optional port, then any path, query or fragment. No credentials (`user@`), no other scheme.
 */
const WEB_ADDRESS = /^(?:https?:\/\/)?([^\s/?#@:\\]+)(?::(\d{1,5}))?(?:[/?#]\S*)?$/i;

/** The host of a web address (a trailing root dot dropped), or null when it is not one. */
export function webAddressHost(value: string): string | null {
  const match = WEB_ADDRESS.exec(value.trim());
  if (!match) return null;
  const [, host = '', port] = match;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return null;
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

/** A web address whose host follows the domain format (company websites, document 1 §5). */
export function isValidWebAddress(value: string): boolean {
  const host = webAddressHost(value);
  return host !== null && host.length > 0 && isValidDomain(host);
}
