/**
 * Health and throttle on a migrated database: the spam share over the window and any bounce
 * decide health (contracts rules/warmup.ts); bad throttles the mailbox to its start volume in the
 * next plan and recovering lifts it, as do 7 days without a bad verdict when health cannot be
 * known; bounces are stamped with the pass's clock; a mailbox whose credentials fail makes its
 * warm-up pending.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../modules/prospects/sql-helpers';
import { createMailbox, createOwner, openEngineDatabase, testCipher, type EngineDatabase, type Owner } from '../mail/outbound/engine-fixtures';
import { runHealthPass } from './health';
import { readPool } from './repository';
import { dailyTargetOf } from './scheduler';

const NOW = new Date('2030-03-06T00:05:00Z');

describe('warm-up health and throttle', () => {
  let store: EngineDatabase;
  let owner: Owner;

  before(async () => {
    store = await openEngineDatabase();
    owner = await createOwner(store.database);
  });
  after(async () => {
    await store?.close();
  });

  const exec = (query: ReturnType<typeof sql>) => store.database.db.execute(query);
  const stateOf = async (id: number) =>
    (
      await rowsOf<{ health: string | null; throttled: boolean; status: string; status_reason: string | null }>(
        store.database.db,
        sql`select health, throttled_at is not null as throttled, status, status_reason from warmup_mailboxes where email_account_id = ${id}`,
      )
    )[0]!;

  async function warmMailbox(email: string): Promise<number> {
    const id = await createMailbox(store.database, owner, testCipher(os.tmpdir()), { port: 2525, email });
    await exec(sql`update email_accounts set imap_host = '127.0.0.1' where id = ${id}`);
    await exec(
      sql`insert into warmup_mailboxes (email_account_id, account_id, user_id, status, start_volume, daily_increase, ceiling, reply_rate, days_warmed)
          values (${id}, ${owner.accountId}, ${owner.userId}, 'active', 3, 2, 20, 0, 5)`,
    );
    return id;
  }

  async function placed(sender: number, partner: number, placements: ('inbox' | 'spam')[], failed = 0, day = '2030-03-05') {
    let seq = (await rowsOf<{ n: number }>(store.database.db, sql`select count(*)::int as n from warmup_sends where sender_id = ${sender}`))[0]!.n;
    for (const [index, placement] of [...placements, ...Array.from({ length: failed }, () => 'unknown' as const)].entries()) {
      seq += 1;
      const [outbound] = await rowsOf<{ id: number }>(
        store.database.db,
        sql`insert into mail_outbound (account_id, user_id, email_account_id, kind, to_address, subject, message_id, state)
            values (${owner.accountId}, ${owner.userId}, ${sender}, 'warmup', 'p@partner.test', 'Hi', ${`<h-${sender}-${seq}@x.test>`},
              ${index >= placements.length ? 'failed' : 'sent'}) returning id`,
      );
      await exec(
        sql`insert into warmup_sends (sender_id, partner_id, day, seq, due_at, state, outbound_id, placement)
            values (${sender}, ${partner}, ${day}::date, ${seq}, now(), 'queued', ${outbound!.id}, ${placement})`,
      );
    }
  }

  it('reads health from the spam share and bounces, throttles a bad mailbox to its start volume and lifts it on recovery', async () => {
    const good = await warmMailbox('good@a.test');
    const spammy = await warmMailbox('spammy@b.test');
    const bouncing = await warmMailbox('bouncing@c.test');
    const partner = await warmMailbox('partner@d.test');
    await placed(good, partner, Array.from({ length: 20 }, () => 'inbox'));
    await placed(spammy, partner, [...Array.from({ length: 18 }, () => 'inbox' as const), 'spam', 'spam']);
    await placed(bouncing, partner, ['inbox'], 1);

    const report = await runHealthPass(store.database.db, NOW);
    assert.deepEqual([report.bounces, report.throttled, report.recovered], [1, 2, 0]);
    assert.deepEqual(await stateOf(good), { health: 'good', throttled: false, status: 'active', status_reason: null });
    assert.equal((await stateOf(spammy)).health, 'bad');
    assert.equal((await stateOf(spammy)).throttled, true);
    assert.equal((await stateOf(bouncing)).health, 'bad');
    // The partner sent nothing: too few samples to tell.
    assert.equal((await stateOf(partner)).health, null);

    // Day 6 of 3 / 2 / 20 is 13; the throttled mailboxes are back at their start volume of 3.
    const pool = new Map((await readPool(store.database.db)).map((row) => [Number(row.id), dailyTargetOf(row)]));
    assert.deepEqual([pool.get(good), pool.get(spammy), pool.get(bouncing)], [13, 3, 3]);

    // Thirty more clean placements bring the spam share under 5 %: good, throttle lifted.
    await placed(spammy, partner, Array.from({ length: 30 }, () => 'inbox'));
    const later = await runHealthPass(store.database.db, NOW);
    assert.equal(later.recovered, 1);
    assert.deepEqual([(await stateOf(spammy)).health, (await stateOf(spammy)).throttled], ['good', false]);
  });

  it('stamps a bounce with the health pass’s clock, not the database’s', async () => {
    const sender = await warmMailbox('stamped@g.test');
    const partner = await warmMailbox('stamped-partner@h.test');
    await placed(sender, partner, [], 1);
    const at = new Date('2030-03-06T07:30:00.123Z');
    await runHealthPass(store.database.db, at);
    const stamps = await rowsOf<{ bounced_at: Date | string | null }>(store.database.db, sql`select bounced_at from warmup_sends where sender_id = ${sender}`);
    assert.deepEqual(
      stamps.map((row) => (row.bounced_at === null ? null : new Date(row.bounced_at).toISOString())),
      [at.toISOString()],
    );
  });

  it('lifts the throttle of a start volume of 2 (too few mails for health to be known) after 7 days without a bad verdict', async () => {
    const small = await warmMailbox('small@i.test');
    const partner = await warmMailbox('small-partner@j.test');
    await exec(sql`update warmup_mailboxes set start_volume = 2 where email_account_id = ${small}`);
    const DAY_MS = 86_400_000;
    const dayOf = (days: number) => new Date(NOW.getTime() + days * DAY_MS);
    const targetOf = async () => (await readPool(store.database.db)).map((row) => [Number(row.id), dailyTargetOf(row)] as const).find(([id]) => id === small)?.[1];

    // A bounce on 5 March: bad, throttled to the start volume of 2 from the next plan.
    await placed(small, partner, ['inbox'], 1);
    await runHealthPass(store.database.db, NOW);
    assert.deepEqual([(await stateOf(small)).health, (await stateOf(small)).throttled], ['bad', true]);
    assert.equal(await targetOf(), 2);

    // Then two clean mails a day: 12 in the window at most, under the 20 health needs, so health is not known.
    for (let day = 1; day <= 6; day += 1) await placed(small, partner, ['inbox', 'inbox'], 0, dayOf(day).toISOString().slice(0, 10));
    await runHealthPass(store.database.db, dayOf(6));
    assert.deepEqual([(await stateOf(small)).health, (await stateOf(small)).throttled], [null, true]);
    assert.equal(await targetOf(), 2);

    // Seven days after the bad verdict: lifted, back on the ramp (day 6 of 2 / 2 / 20 is 12).
    await runHealthPass(store.database.db, dayOf(7));
    assert.deepEqual([(await stateOf(small)).health, (await stateOf(small)).throttled], [null, false]);
    assert.equal(await targetOf(), 12);
  });

  it('counts the 7 days from the latest bad verdict, not the first', async () => {
    const sender = await warmMailbox('relapse@k.test');
    const partner = await warmMailbox('relapse-partner@l.test');
    await exec(sql`update warmup_mailboxes set start_volume = 1 where email_account_id = ${sender}`);
    const DAY_MS = 86_400_000;
    const dayOf = (days: number) => new Date(NOW.getTime() + days * DAY_MS);
    // A bounce on 5 March: bad at once, and still bad on 11 March (the 7-day window reaches back to the 5th).
    await placed(sender, partner, [], 1);
    await runHealthPass(store.database.db, NOW);
    await runHealthPass(store.database.db, dayOf(5));
    // From 12 March the bounce is out of the window: health not known, but the last bad verdict was a day ago.
    await runHealthPass(store.database.db, dayOf(7));
    assert.deepEqual([(await stateOf(sender)).health, (await stateOf(sender)).throttled], [null, true]);
    await runHealthPass(store.database.db, dayOf(12));
    assert.deepEqual([(await stateOf(sender)).health, (await stateOf(sender)).throttled], [null, false]);
  });

  it('makes the warm-up of a mailbox whose credentials fail pending, and resumes it when they work again', async () => {
    const id = await warmMailbox('locked@e.test');
    await exec(sql`update email_accounts set status = 'reconnect', status_reason = 'imap_login' where id = ${id}`);
    assert.equal((await runHealthPass(store.database.db, NOW)).pending, 1);
    assert.deepEqual([(await stateOf(id)).status, (await stateOf(id)).status_reason], ['pending', 'imap_login']);
    await exec(sql`update email_accounts set status = 'active', status_reason = null where id = ${id}`);
    assert.equal((await runHealthPass(store.database.db, NOW)).resumed, 1);
    assert.deepEqual([(await stateOf(id)).status, (await stateOf(id)).status_reason], ['active', null]);
  });
});
