/**
 * Typed domain errors. Services throw them with a catalogue key; the one error handler turns
 * them into the envelope of interfaces.md, translated into the caller's locale.
 */
import { statusForErrorKey, type ErrorKey } from '@leadforge/contracts';

export interface DomainErrorItem {
  key: ErrorKey;
  field?: string;
  code?: number;
}

export class DomainError extends Error {
  readonly status: number;
  readonly items: DomainErrorItem[];
  readonly retryAfter: number | undefined;

  constructor(key: ErrorKey, options: { status?: number; field?: string; retryAfter?: number; items?: DomainErrorItem[] } = {}) {
    super(key);
    this.name = 'DomainError';
    this.status = options.status ?? statusForErrorKey(key);
    this.items = options.items ?? [{ key, ...(options.field ? { field: options.field } : {}) }];
    this.retryAfter = options.retryAfter;
  }
}

export const notFound = () => new DomainError('not_found');
export const forbidden = () => new DomainError('forbidden');
export const unauthorized = () => new DomainError('unauthorized');

export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError;
}
