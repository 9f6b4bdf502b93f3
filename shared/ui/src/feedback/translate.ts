import type { TFunction, TOptions } from 'i18next';
import type { TranslateFn } from '@leadforge/api-client';

/**
 * i18next's `t` has overloads the plain `(key, options) => string` of the api-client's error rules
 * cannot name; this adapter keeps the rules free of i18next types.
 */
export function asTranslateFn(t: TFunction): TranslateFn {
  const translate = t as unknown as (key: string, options: TOptions) => string;
  return (key, options) => String(translate(key, (options ?? {}) as TOptions));
}
