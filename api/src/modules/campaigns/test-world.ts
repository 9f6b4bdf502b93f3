/**
 * Small factories for the campaigns tests that drive the area over HTTP: a signed-in person on
 * a plan, rows other areas own (lists, prospects, mailboxes) written directly, and a campaign
 * created, saved and launched through the calls. Only test files import this module.
 */
import assert from 'node:assert/strict';
import type { Flowchart } from '@leadforge/contracts';
import { eq, sql } from 'drizzle-orm';
import { subscriptions, users } from '../../db/schema';
import { STRONG_PASSWORD, uniqueEmail, type TestApp } from '../../test-support/test-app';
import type { TestClient } from '../../test-support/test-client';

export const P = '/pipelines/api';

export interface Person {
  client: TestClient;
  user: typeof users.$inferSelect;
}

export const variant = (
  subject: string,
  content: string,
  flags: Partial<{ hasDynamicText: boolean; overLimitDynamicText: boolean }> = {},
) => ({
  subject,
  content,
  attachments: [] as { id: number; fileName: string; size: number; mimeType: string }[],
  plainTextMode: false,
  hasContent: true,
  hasInvalidVariables: false,
  hasDynamicText: flags.hasDynamicText ?? false,
  overLimitDynamicText: flags.overLimitDynamicText ?? false,
});

export const at = (x: number, y: number) => ({ x, y });

/** start → one email. */
export function oneEmail(subject = 'Hello {{firstName}}', content = '<p>Hi {{firstName}}</p>'): Flowchart {
  return {
    operators: [
      { block: { id: 'start', type: 'start' }, position: at(0, 0) },
      { block: { id: 'e1', type: 'email', emails: [variant(subject, content)] }, position: at(0, 100) },
    ],
    links: [{ from: 'start', to: 'e1', output: 'next' }],
  };
}

export function campaignWorld(t: TestApp) {
  const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  async function signedIn(label: string, options: { teamCode?: string; plan?: string } = {}): Promise<Person> {
    const client = t.client();
    const email = uniqueEmail(label);
    await client.register({
      email,
      password: STRONG_PASSWORD,
      name: `${label} name`,
      ...(options.teamCode ? { teamCode: options.teamCode } : {}),
    });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    if (!options.teamCode)
      await t.database.db
        .update(subscriptions)
        .set({ planName: options.plan ?? 'DC', endsAt: null })
        .where(eq(subscriptions.accountId, user!.accountId));
    return { client, user: user! };
  }

  async function list(person: Person, name: string): Promise<number> {
    const [row] = await rows<{ id: number }>(
      sql`insert into prospect_lists (account_id, user_id, type, name) values (${person.user.accountId}, ${person.user.id}, 'prospect', ${name}) returning id`,
    );
    return Number(row!.id);
  }

  async function prospect(
    person: Person,
    listId: number,
    name: string,
    email: string | null,
    status = 'valid',
    social: string | null = null,
  ): Promise<number> {
    const [row] = await rows<{ id: number }>(
      sql`insert into prospects (account_id, user_id, name, social) values (${person.user.accountId}, ${person.user.id}, ${name}, ${social}) returning id`,
    );
    const id = Number(row!.id);
    if (email)
      await exec(
        sql`insert into prospect_emails (prospect_id, account_id, email, status) values (${id}, ${person.user.accountId}, ${email}, ${status})`,
      );
    await exec(sql`insert into prospect_list_items (list_id, prospect_id) values (${listId}, ${id})`);
    return id;
  }

  async function mailbox(person: Person, email: string, status = 'active'): Promise<number> {
    const [row] = await rows<{ id: number }>(
      sql`insert into email_accounts (account_id, user_id, email, provider, status) values (${person.user.accountId}, ${person.user.id}, ${email}, 'sandbox', ${status}) returning id`,
    );
    return Number(row!.id);
  }

  async function create(person: Person, title: string, extra: object = {}) {
    const response = await person.client.post(`${P}/campaign/save`, { title, ...extra });
    assert.equal(response.status, 200, response.text);
    return response.body.campaign as { campaignId: number; [key: string]: unknown };
  }

  const update = (person: Person, campaignId: number, changes: object) =>
    person.client.request('PATCH', `${P}/campaign/update`, { body: { campaignId, ...changes } });
  const setState = (person: Person, campaignId: number, state: string) =>
    person.client.post(`${P}/campaign/set-state`, { campaignId, state });
  const keysOf = (response: { body: { errors?: { key: string }[] } }) =>
    (response.body.errors ?? []).map((error) => error.key).sort();

  /**
   * A launchable campaign of `person`: a list with the given addresses, a no-send list, an active
   * mailbox and the flowchart; launched unless `launch: false`.
   */
  async function launched(
    person: Person,
    title: string,
    addresses: readonly string[],
    options: { flowchart?: Flowchart; launch?: boolean; listId?: number } = {},
  ) {
    const listId = options.listId ?? (await list(person, `${title} list`));
    const prospectIds: number[] = [];
    for (const [index, address] of addresses.entries())
      prospectIds.push(await prospect(person, listId, `${title} person ${index}`, address));
    const blacklist = await list(person, `${title} no-send`);
    const box = await mailbox(person, `${title.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}@mailbox.test`);
    const campaign = await create(person, title, {
      flowchart: options.flowchart ?? oneEmail(),
      listId,
      blacklist,
      senderEmailAccounts: [box],
    });
    if (options.launch !== false) {
      const started = await setState(person, campaign.campaignId, 'start');
      assert.equal(started.status, 200, started.text);
    }
    return { campaignId: campaign.campaignId, listId, blacklist, box, prospectIds };
  }

  /** Nothing of a launch was written: still new, version 0, no recipients, no version rows. */
  async function untouched(campaignId: number) {
    const [row] = await rows<{ status: string; active_version: number }>(
      sql`select status, active_version from campaigns where id = ${campaignId}`,
    );
    const [recipients] = await rows<{ n: number }>(
      sql`select count(*)::int as n from campaign_recipients where campaign_id = ${campaignId}`,
    );
    const [versions] = await rows<{ n: number }>(
      sql`select count(*)::int as n from campaign_versions where campaign_id = ${campaignId}`,
    );
    assert.deepEqual([row!.status, Number(row!.active_version), recipients!.n, versions!.n], ['new', 0, 0, 0]);
  }

  return { exec, rows, signedIn, list, prospect, mailbox, create, update, setState, keysOf, launched, untouched };
}
