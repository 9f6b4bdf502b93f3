/**
 * zod as every contract file uses it (`import * as z from './zod'`): the same library, except
 * that `z.string()` refuses text PostgreSQL cannot store — a NUL character or a lone UTF-16
 * surrogate. Hostile text is then answered 400 `field_invalid` at the contract, on every call
 * that takes text, instead of a 500 from the database. Refused rather than stripped: a password
 * or a key with a NUL in it must not silently become another one.
 */
import { string as zodString } from 'zod';

// Named, not `export * from 'zod'`: in the federated builds zod is a shared module whose exports
// webpack cannot list, so a star re-export left every `z.object` "not found" (a thousand build
// warnings). A contract that needs another zod function adds it here; typecheck says so.
export {
  array,
  boolean,
  coerce,
  discriminatedUnion,
  email,
  enum,
  iso,
  literal,
  null,
  number,
  object,
  record,
  union,
  unknown,
  url,
} from 'zod';
export type { ZodLiteral, ZodType, infer, input, output } from 'zod';

/** Text that PostgreSQL (and every other part) can store: no NUL, no unpaired surrogate. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

export function string(params?: Parameters<typeof zodString>[0]) {
  return zodString(params).refine(isStorableText, { message: 'Text contains a NUL character or an unpaired surrogate' });
}
