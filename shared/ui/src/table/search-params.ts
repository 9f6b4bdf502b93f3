/**
 * Table state in the URL (page, filter, the row opened): a reload or a shared link shows the same
 * table. Readers fall back to the default on anything malformed; a default is left out of the URL,
 * so a screen opened fresh keeps its bare address.
 */

/** A 1-based page number from `name`, 1 when absent or not a positive integer. */
export function readPage(params: URLSearchParams, name: string): number {
  const value = Number(params.get(name));
  return Number.isInteger(value) && value > 1 ? value : 1;
}

/** A positive integer id from `name`, or null. */
export function readId(params: URLSearchParams, name: string): number | null {
  const value = Number(params.get(name));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** One of `values` from `name`, or undefined. */
export function readOneOf<T extends string>(params: URLSearchParams, name: string, values: readonly T[]): T | undefined {
  const value = params.get(name);
  return (values as readonly (string | null)[]).includes(value) ? (value as T) : undefined;
}

/** A non-empty text from `name`, or null. */
export function readText(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim();
  return value ? value : null;
}

export type ParamPatch = Record<string, string | number | null | undefined>;

/** The page as it goes into the URL: page 1 is the default and is left out. */
export const pageParam = (page: number) => (page > 1 ? page : undefined);

/** `params` with `patch` applied: null, undefined and '' remove a parameter, everything else sets it. */
export function patchParams(params: URLSearchParams, patch: ParamPatch): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(patch)) {
    if (value === null || value === undefined || value === '') next.delete(name);
    else next.set(name, String(value));
  }
  return next;
}
