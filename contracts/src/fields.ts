/**
 * Field primitives shared by the entity schemas of document 1 §3. Unlike `idSchema` in common.ts
 * (which coerces path parameters), these parse JSON values as they are, so the inferred input and
 * output types of an entity stay identical and can be reused for request bodies.
 */
import * as z from './zod';

/** A stored record id. */
export const recordIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** A count of things (never negative). */
export const countSchema = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
/** An instant, ISO 8601 with offset (what the API answers with). */
export const timestampSchema = z.iso.datetime({ offset: true });
/** A calendar date, YYYY-MM-DD. */
export const calendarDateSchema = z.iso.date();
/** An IANA time-zone name such as Europe/Kyiv. */
export const timeZoneNameSchema = z.string().trim().min(1).max(64);
/** Free text that may be empty, bounded. */
export function optionalText(max: number) {
  return z.string().trim().max(max);
}
/** An absolute http(s) URL. */
export const webUrlSchema = z.url({ protocol: /^https?$/ }).max(2048);
