/**
 * Domain format of document 1 §5: optional (empty is valid); when a protocol is required it must
 * be http:// or https://; then labels of letters, digits and hyphens separated by dots, ending in
 * a top-level part of at least 2 letters; no label starts or ends with a hyphen.
 */
import type { ErrorKey } from '../errors';

export interface DomainFormatOptions {
  /** The value must start with http:// or https://. */
  requireProtocol?: boolean;
}

const PROTOCOL = /^https?:\/\//i;
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
const TOP_LEVEL = /^\p{L}{2,63}$/u;

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
