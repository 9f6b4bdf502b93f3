/**
 * A small campaign world for the recipients and statistics tests, written straight into the
 * tables (the launch and the executor are other areas' work): a signed-in owner, a campaign with
 * a flowchart, prospects and their recipients, the moves they made, and their events recorded
 * through the executor's own recordEvent (so counters and daily stats agree as in production).
 */
import type { CampaignEventKind, RecipientStatus } from '@leadforge/contracts';
import { eq, sql } from 'drizzle-orm';
import { prospectEmails, prospectListItems, prospectLists, prospects, users } from '../../db/schema';
import { campaignRecipients, campaignRecipientSteps, campaigns } from '../../db/schema/campaigns';
import type { Db } from '../../db/types';
import { recordEvent } from '../../engines/campaign/events';
import { STRONG_PASSWORD, uniqueEmail, type TestApp } from '../../test-support/test-app';
import type { TestClient } from '../../test-support/test-client';

export interface Person {
  client: TestClient;
  userId: number;
  accountId: number;
}

export async function signUp(t: TestApp, label: string, teamCode?: string): Promise<Person> {
  const client = t.client();
  const email = uniqueEmail(label);
  await client.register({ email, password: STRONG_PASSWORD, name: `${label} name`, ...(teamCode ? { teamCode } : {}) });
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  return { client, userId: user!.id, accountId: user!.accountId };
}

export interface EventSeed {
  kind: CampaignEventKind;
  nodeId?: string | null;
  /** ISO instant; defaults to 2026-03-02T10:00:00Z. */
  at?: string;
  detail?: Record<string, unknown>;
}

export interface RecipientSeed {
  name: string;
  email?: string | null;
  linkedinUrl?: string | null;
  status?: RecipientStatus;
  nodeId?: string | null;
  interestLevel?: string | null;
  provider?: string | null;
  linkedinNotReachedProfile?: boolean;
  emailAccountId?: number | null;
  /** Blocks the recipient moved into (campaign_recipient_steps), in order. */
  steps?: string[];
  events?: EventSeed[];
}

export interface SeededCampaign {
  campaignId: number;
  recipientIds: number[];
  prospectIds: number[];
  listId: number;
  blacklistId: number;
}

/** The blocks of the fixture's flowchart: start → e1 (email) → d1 (delay) → e2 (email) → g1 (goal). */
export const FIXTURE_BLOCKS = ['start', 'e1', 'd1', 'e2', 'g1'] as const;

function flowchartOf(blockIds: readonly string[]) {
  return {
    operators: blockIds.map((id, index) => ({ block: { id, type: id === 'start' ? 'start' : 'email' }, position: { x: 0, y: index * 120 } })),
    links: blockIds.slice(1).map((id, index) => ({ from: blockIds[index], to: id, output: 'next' })),
  };
}

export async function createProspects(db: Db, owner: Person, people: { name: string; email?: string | null; social?: string | null }[]): Promise<number[]> {
  const ids: number[] = [];
  for (const person of people) {
    const [row] = await db
      .insert(prospects)
      .values({ accountId: owner.accountId, userId: owner.userId, name: person.name, searchName: person.name.toLowerCase(), social: person.social ?? null })
      .returning({ id: prospects.id });
    ids.push(row!.id);
    if (person.email) await db.insert(prospectEmails).values({ prospectId: row!.id, accountId: owner.accountId, email: person.email });
  }
  return ids;
}

export async function createList(db: Db, owner: Person, name: string, prospectIds: readonly number[] = []): Promise<number> {
  const [list] = await db.insert(prospectLists).values({ accountId: owner.accountId, userId: owner.userId, name }).returning({ id: prospectLists.id });
  if (prospectIds.length > 0) await db.insert(prospectListItems).values(prospectIds.map((prospectId) => ({ listId: list!.id, prospectId })));
  return list!.id;
}

export async function seedCampaign(
  db: Db,
  owner: Person,
  options: { title?: string; status?: string; activeVersion?: number; recipients: RecipientSeed[] },
): Promise<SeededCampaign> {
  const prospectIds = await createProspects(
    db,
    owner,
    options.recipients.map((seed) => ({ name: seed.name, email: seed.email ?? null, social: seed.linkedinUrl ?? null })),
  );
  const listId = await createList(db, owner, `${options.title ?? 'Campaign'} list`, prospectIds);
  const blacklistId = await createList(db, owner, `${options.title ?? 'Campaign'} no-send`);
  const [campaign] = await db
    .insert(campaigns)
    .values({
      accountId: owner.accountId,
      userId: owner.userId,
      title: options.title ?? 'Spring outreach',
      status: options.status ?? 'active',
      listId,
      blacklistId,
      activeVersion: options.activeVersion ?? 1,
      flowchart: flowchartOf(FIXTURE_BLOCKS),
      launchedAt: new Date('2026-03-01T09:00:00Z'),
    })
    .returning({ id: campaigns.id });
  const campaignId = campaign!.id;

  const recipientIds: number[] = [];
  for (const [index, seed] of options.recipients.entries()) {
    const [row] = await db
      .insert(campaignRecipients)
      .values({
        campaignId,
        accountId: owner.accountId,
        prospectId: prospectIds[index]!,
        name: seed.name,
        email: seed.email ?? null,
        linkedinUrl: seed.linkedinUrl ?? null,
        provider: seed.provider ?? (seed.email ? 'other' : null),
        status: seed.status ?? 'active',
        nodeId: seed.nodeId ?? null,
        interestLevel: seed.interestLevel ?? null,
        linkedinNotReachedProfile: seed.linkedinNotReachedProfile ?? false,
        emailAccountId: seed.emailAccountId ?? null,
        definitionVersion: options.activeVersion ?? 1,
        nextRunAt: new Date('2026-03-05T09:00:00Z'),
      })
      .returning({ id: campaignRecipients.id });
    const recipientId = row!.id;
    recipientIds.push(recipientId);
    for (const [epoch, nodeId] of (seed.steps ?? []).entries()) {
      await db.insert(campaignRecipientSteps).values({ campaignId, recipientId, nodeId, epoch, state: 'done' });
    }
    for (const event of seed.events ?? []) {
      await db.transaction((tx) =>
        recordEvent(tx, {
          campaignId,
          recipientId,
          nodeId: event.nodeId === undefined ? null : event.nodeId,
          kind: event.kind,
          at: new Date(event.at ?? '2026-03-02T10:00:00Z'),
          detail: event.detail ?? null,
        }),
      );
    }
  }
  return { campaignId, recipientIds, prospectIds, listId, blacklistId };
}

/** A recipient's row as stored (to check what a bulk action did). */
export async function recipientRows(db: Db, campaignId: number) {
  return db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaignId)).orderBy(campaignRecipients.id);
}

export async function suppressedEmails(db: Db, accountId: number): Promise<{ email: string; reason: string }[]> {
  const result = (await db.execute(sql`select email, reason from mail_suppressions where account_id = ${accountId} order by email`)) as unknown as {
    rows: { email: string; reason: string }[];
  };
  return result.rows;
}
