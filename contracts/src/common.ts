import * as z from './zod';

/** Numeric ids as the API stores them; path params arrive as strings and are coerced. */
export const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const idParamsSchema = z.object({ id: idSchema }).strict();

export const okResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponseSchema>;

export const isoDateTimeSchema = z.iso.datetime({ offset: true });

export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  perPage: z.coerce.number().int().min(1).max(500).optional(),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().min(1),
    perPage: z.number().int().min(1),
  });
}

/** Trimmed, non-empty, bounded text; user text goes through it at every boundary. */
export function text(max: number, min = 1) {
  return z.string().trim().min(min).max(max);
}

export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());
