/** Column helpers every schema file uses, so timestamps are alike everywhere (with time zone). */
import { customType, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A PostgreSQL text-search vector: a column the database generates, never written by the application. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
