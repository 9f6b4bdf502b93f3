/**
 * Pending links of an external identity (Google, the sandbox) to an existing password account
 * (issue 11): the identity is attached only when the mailed single-use link is opened, so a
 * provider that vouches for an address never hands over an account on its own.
 */
import { pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { userIdColumn } from './owner-columns';

export const identityLinks = pgTable('identity_links', {
  id: serial('id').primaryKey(),
  userId: userIdColumn(),
  /** The provider's subject (`google:<sub>`, `sandbox:<email>`) to attach. */
  subject: text('subject').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});
