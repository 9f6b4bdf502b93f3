import type { FormInstance } from 'antd';
import { isApiError } from '@leadforge/api-client';

/**
 * Puts the server's field errors (envelope `field`) under the matching inputs. Returns whether
 * any was placed, so the caller shows the generic modal only for errors no field can hold.
 */
export function applyFieldErrors(form: FormInstance, error: unknown, knownFields: readonly string[]): boolean {
  if (!isApiError(error)) return false;
  const byField = error.fieldErrors();
  const fields = Object.entries(byField)
    .filter(([field]) => knownFields.includes(field))
    .map(([field, items]) => ({ name: field, errors: items.map((item) => item.description || item.title) }));
  if (fields.length === 0) return false;
  form.setFields(fields);
  return true;
}
