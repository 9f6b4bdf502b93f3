import { isApiError } from '@leadforge/api-client';
import type { FieldErrors } from './prospect-draft';

/** The server's field errors (dotted paths, the same keys as the local rules) for the form. */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!isApiError(error)) return {};
  return Object.fromEntries(Object.entries(error.fieldErrors()).map(([field, items]) => [field, items[0]!.key]));
}
