/**
 * Test fixtures of the campaign executor: a launched campaign written straight into the
 * database (what the campaigns area's launch writes: the campaign row, its senders, the compiled
 * definition as version 1, one active recipient per address due now), so the executor is tested
 * on its own. Only test files and the bench import this module.
 */
import { compileFlowchart, type Flowchart } from '@leadforge/contracts';
import { blocks, emailVariant, flowchartOf } from '@leadforge/contracts/rules/flowchart-factories';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import type { Owner } from '../mail/outbound/engine-fixtures';

export interface LaunchedCampaign {
  campaignId: number;
  /** Recipient ids, in the order of `recipients`. */
  recipientIds: number[];
}

export interface CampaignFixture {
  flowchart: Flowchart;
  /** email_accounts ids, rotated in this order. */
  senders: number[];
  recipients: { email: string | null; firstName?: string; provider?: string; linkedinUrl?: string }[];
  /** linkedin_accounts ids. */
  linkedinSenders?: number[];
  options?: Record<string, unknown>;
  /** A schedule {timezone, days} the campaign sends within. */
  schedule?: { timezone: string; days: { day: string; enabled: boolean; from: string; to: string }[] };
  /** When the recipients are first due. */
  startAt: Date;
}

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function createLaunchedCampaign(
  database: Database,
  owner: Owner,
  fixture: CampaignFixture,
): Promise<LaunchedCampaign> {
  const graph = compileFlowchart(fixture.flowchart);
  let scheduleId: number | null = null;
  if (fixture.schedule) {
    const [schedule] = await rows<{ id: number }>(
      database,
      sql`insert into campaign_schedules (account_id, user_id, name, timezone, days)
          values (${owner.accountId}, ${owner.userId}, 'Working hours', ${fixture.schedule.timezone}, ${JSON.stringify(fixture.schedule.days)}::jsonb)
          returning id`,
    );
    scheduleId = schedule!.id;
  }
  const options = {
    trackOpen: true,
    wrapLinks: false,
    stopForReply: true,
    unsubscribeHeader: true,
    automaticallyComplete: false,
    ...fixture.options,
  };
  const [campaign] = await rows<{ id: number }>(
    database,
    sql`insert into campaigns (account_id, user_id, title, status, options, flowchart, active_version, launched_at, schedule_id)
        values (${owner.accountId}, ${owner.userId}, 'Executor test', 'active', ${JSON.stringify(options)}::jsonb,
          ${JSON.stringify(fixture.flowchart)}::jsonb, 1, ${fixture.startAt.toISOString()}::timestamptz, ${scheduleId})
        returning id`,
  );
  const campaignId = campaign!.id;
  await database.db.execute(
    sql`insert into campaign_versions (campaign_id, version, graph, settings)
        values (${campaignId}, 1, ${JSON.stringify(graph)}::jsonb, ${JSON.stringify({ options })}::jsonb)`,
  );
  for (const [position, senderId] of fixture.senders.entries()) {
    await database.db.execute(
      sql`insert into campaign_senders (campaign_id, kind, sender_id, position) values (${campaignId}, 'email', ${senderId}, ${position})`,
    );
  }
  for (const [position, senderId] of (fixture.linkedinSenders ?? []).entries()) {
    await database.db.execute(
      sql`insert into campaign_senders (campaign_id, kind, sender_id, position) values (${campaignId}, 'linkedin', ${senderId}, ${position})`,
    );
  }
  const recipientIds: number[] = [];
  for (const recipient of fixture.recipients) {
    const [prospect] = await rows<{ id: number }>(
      database,
      sql`insert into prospects (account_id, user_id, name, first_name)
          values (${owner.accountId}, ${owner.userId}, ${recipient.firstName ?? recipient.email ?? 'Someone'}, ${recipient.firstName ?? null})
          returning id`,
    );
    if (recipient.email) {
      await database.db.execute(
        sql`insert into prospect_emails (prospect_id, account_id, email) values (${prospect!.id}, ${owner.accountId}, ${recipient.email})`,
      );
    }
    const [row] = await rows<{ id: string }>(
      database,
      sql`insert into campaign_recipients (campaign_id, account_id, prospect_id, name, email, linkedin_url, provider, status, definition_version, next_run_at)
          values (${campaignId}, ${owner.accountId}, ${prospect!.id}, ${recipient.firstName ?? ''}, ${recipient.email}, ${recipient.linkedinUrl ?? null},
            ${recipient.provider ?? null}, 'active', 1, ${fixture.startAt.toISOString()}::timestamptz)
          returning id`,
    );
    recipientIds.push(Number(row!.id));
  }
  return { campaignId, recipientIds };
}

/** start → one email with the prospect's first name (the bench's sequence). */
export function oneEmailFlowchart(): Flowchart {
  return flowchartOf(
    [
      blocks.start(),
      blocks.email('hello', [
        emailVariant({
          subject: 'A question, {{firstName}}',
          content: '<p>Hi {{firstName}},</p><p>A short question about your roadmap.</p>',
        }),
      ]),
    ],
    [['start', 'hello']],
  );
}

/** `count` recipients (and their prospects) in bulk SQL, as launch materialises a large list; due at `startAt`. */
export async function seedRecipients(
  database: Database,
  owner: Owner,
  campaignId: number,
  count: number,
  startAt: Date,
): Promise<void> {
  const tag = `seed-${campaignId}`;
  await database.db.execute(sql`insert into prospects (account_id, user_id, name, first_name, source_page)
    select ${owner.accountId}, ${owner.userId}, 'Person ' || n, 'P' || n, ${tag} from generate_series(1, ${count}) n`);
  await database.db.execute(sql`insert into prospect_emails (prospect_id, account_id, email)
    select id, account_id, 'r' || id || '@recipient.example' from prospects where account_id = ${owner.accountId} and source_page = ${tag}`);
  await database.db
    .execute(sql`insert into campaign_recipients (campaign_id, account_id, prospect_id, name, email, status, definition_version, next_run_at)
    select ${campaignId}, account_id, id, first_name, 'r' || id || '@recipient.example', 'active', 1, ${startAt.toISOString()}::timestamptz
    from prospects where account_id = ${owner.accountId} and source_page = ${tag}`);
  await database.db.execute(sql`analyze`);
}

/** How many of the campaign's recipients have this status. */
export async function recipientsWithStatus(database: Database, campaignId: number, status: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    database,
    sql`select count(*)::int as n from campaign_recipients where campaign_id = ${campaignId} and status = ${status}`,
  );
  return Number(row?.n ?? 0);
}

// ─── A loopback SMTP sink that refuses chosen addresses ─────────────────────────────────────

export interface CampaignSink {
  port: number;
  received: { to: string[]; raw: string }[];
  /** Addresses answered 550 5.1.1 at RCPT TO (a hard bounce at sending time). */
  refuse: Set<string>;
  close(): Promise<void>;
}

export async function startCampaignSink(): Promise<CampaignSink> {
  const { SMTPServer } = await import('smtp-server');
  const received: CampaignSink['received'] = [];
  const refuse = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address.toLowerCase())) {
        callback(Object.assign(new Error('5.1.1 Recipient address rejected: User unknown'), { responseCode: 550 }));
      } else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback(null, 'Ok: queued as 4Fx9Yb0zQ2z1');
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as import('node:net').AddressInfo).port;
  return { port, received, refuse, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
