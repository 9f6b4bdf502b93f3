/** SQL of the caller's saved global searches. */
import { desc, eq } from 'drizzle-orm';
import { prospectSearches } from '../../../db/schema';
import type { DbOrTx } from '../../../db/types';
import type { Scope } from '../../account/caller';

export async function insertSearch(db: DbOrTx, scope: Scope, values: { filters: Record<string, unknown>; resultsCount: number }) {
  const [row] = await db
    .insert(prospectSearches)
    .values({ ...values, userId: scope.userId })
    .returning();
  return row!;
}

export async function lastSearches(db: DbOrTx, scope: Scope, limit: number) {
  return db
    .select()
    .from(prospectSearches)
    .where(eq(prospectSearches.userId, scope.userId))
    .orderBy(desc(prospectSearches.createdAt), desc(prospectSearches.id))
    .limit(limit);
}
