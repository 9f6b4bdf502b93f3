/** SQL of the caller's saved table layout. */
import { eq } from 'drizzle-orm';
import { prospectColumnSettings } from '../../../db/schema';
import type { DbOrTx } from '../../../db/types';
import type { Scope } from '../../account/caller';

type ColumnSettingsRow = typeof prospectColumnSettings.$inferSelect;

export async function columnSettingsOf(db: DbOrTx, scope: Scope): Promise<ColumnSettingsRow | undefined> {
  const [row] = await db.select().from(prospectColumnSettings).where(eq(prospectColumnSettings.userId, scope.userId)).limit(1);
  return row;
}

export async function saveColumnSettings(db: DbOrTx, scope: Scope, values: Pick<ColumnSettingsRow, 'settings' | 'savedAt'>): Promise<ColumnSettingsRow> {
  const [row] = await db
    .insert(prospectColumnSettings)
    .values({ ...values, userId: scope.userId, accountId: scope.accountId })
    .onConflictDoUpdate({ target: prospectColumnSettings.userId, set: { settings: values.settings, savedAt: values.savedAt, accountId: scope.accountId } })
    .returning();
  return row!;
}
