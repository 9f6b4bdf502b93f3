/**
 * LinkedIn accounts for the finder's tests, written to the table with a sealed session (as the
 * linkedin-accounts area stores one after a connection), so a test can give an account any state
 * or assignment in one line instead of walking the connection steps each time.
 */
import { LINKEDIN_ACCOUNT_DEFAULTS, defaultLinkedinActionLimits, type SocialAccountState } from '@leadforge/contracts';
import { eq } from 'drizzle-orm';
import { linkedinAccounts } from '../../db/schema/social';
import type { TestApp } from '../../test-support/test-app';
import { credentialCipherFor } from '../email-accounts/credentials';
import { sealSecret } from '../linkedin-accounts/credentials';

export interface AccountOwner {
  id: number;
  accountId: number;
}

export async function insertLinkedinAccount(
  t: TestApp,
  owner: AccountOwner,
  options: { state?: SocialAccountState; assignedUserId?: number; provider?: 'sandbox' | 'linkedin'; name?: string } = {},
): Promise<number> {
  const db = t.database.db;
  const [row] = await db
    .insert(linkedinAccounts)
    .values({
      accountId: owner.accountId,
      userId: owner.id,
      assignedUserId: options.assignedUserId ?? null,
      provider: options.provider ?? 'sandbox',
      name: options.name ?? 'Sandbox member',
      memberKey: `member-${owner.id}-${Math.random().toString(36).slice(2)}`,
      profileUrl: 'https://www.linkedin.com/in/sandbox-member',
      profileName: 'Sandbox Member',
      state: options.state ?? 'active',
      workingHours: LINKEDIN_ACCOUNT_DEFAULTS.workingDays.map((day) => ({ day, from: LINKEDIN_ACCOUNT_DEFAULTS.workingFrom, to: LINKEDIN_ACCOUNT_DEFAULTS.workingTo })),
      limits: defaultLinkedinActionLimits(),
      proxyKind: 'builtin',
      proxyCountryId: 276,
    })
    .returning({ id: linkedinAccounts.id });
  const id = row!.id;
  await db
    .update(linkedinAccounts)
    .set({ session: sealSecret(credentialCipherFor(t.config), id, 'session', `sandbox-session-${id}`) })
    .where(eq(linkedinAccounts.id, id));
  return id;
}

export async function setLinkedinAccountState(t: TestApp, id: number, state: SocialAccountState): Promise<void> {
  await t.database.db.update(linkedinAccounts).set({ state, stateChangedAt: new Date() }).where(eq(linkedinAccounts.id, id));
}
