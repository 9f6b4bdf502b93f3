/**
 * The warm-up pool over 14 simulated days in a loopback world (issue 17): 50 mailboxes on eight
 * domains send through the real mail engine over SMTP to a loopback server that files every
 * message into the recipient's Dovecot mailbox by IMAP APPEND; the real IMAP sync reads them back,
 * and the real warm-up passes plan, queue, place, rescue, answer and keep health on a fake clock.
 *
 * The world's spam filters: two strict receivers put the notes of half the domains each in Junk
 * (so every sender meets at most one of them a week: at most one mail in 20 in spam, health ok),
 * and from day 8 one sender lands in spam everywhere. Answers are filed in INBOX (the warm-up
 * places and rescues its notes, not the answers).
 *
 * Why 50 mailboxes and a ramp of 1 / 1 / 3: health needs 20 placed mails in 7 days, so a mailbox
 * sends about 3 a day; it then meets about 2 × 3 × 7 = 42 partners a week (what it sends and what
 * it receives) and the 7-day rule forbids meeting one twice, so the pool needs 43 mailboxes at the
 * very least; the planner's greedy pairing left no shortfall from 48 on in simulations, 50 keeps a
 * margin.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { warmupDailyTarget } from '@leadforge/contracts';
import { isDovecotAvailable } from '../../test-support/imap-peer';
import { pairKey } from './plan';
import { REPLY_DELAY } from './receiving';
import { startWarmupWorld, type Delivery, type WarmupWorld, type WorldMailbox } from './test-world';

const SECRET = Buffer.from('the warm-up world secret, at least thirty-two bytes');
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const DAYS = 14;
const RAMP = { start: 1, increase: 1, ceiling: 3 };
const REPLY_RATE = 20;
/** The spam-landing sender lands in spam from this day on. */
const SPAM_FROM_DAY = 8;
// A Monday at midnight UTC, in the past: Dovecot records an APPEND dated in the future as arriving
// now, so the world's clock stays behind the real one. The plan runs at 00:05; the world looks at
// itself once a day, at 18:00, when the day's window has closed (every IMAP sync is a login).
const DAY_ONE = Date.parse('2025-03-03T00:00:00Z');
const TICK_HOURS = [18];

const dayStart = (day: number) => DAY_ONE + (day - 1) * DAY_MS;
const isoDayOf = (at: Date | number) => new Date(at).toISOString().slice(0, 10);
const dayNumberOf = (at: Date | number) => Math.floor((new Date(at).getTime() - DAY_ONE) / DAY_MS) + 1;
const bare = (messageId: string | null) => (messageId ?? '').replace(/^<|>$/g, '');

describe('warm-up pool over 14 days in a loopback world', { skip: !isDovecotAvailable() && 'Dovecot is not installed' }, () => {
  let world: WarmupWorld;
  let strictOdd: WorldMailbox;
  let strictEven: WorldMailbox;
  let spammy: WorldMailbox;

  before(async () => {
    world = await startWarmupWorld({
      mailboxes: 50,
      domains: 8,
      ramp: RAMP,
      replyRate: REPLY_RATE,
      secret: SECRET,
      start: new Date(DAY_ONE),
      // The strict receivers file notes and answers alike by the sender's domain; the spam sender's
      // notes (not its answers: health reads the notes) land in Junk from SPAM_FROM_DAY on.
      place: ({ from, to, reply, at }) => {
        if (to.id === strictOdd.id && from.domain % 2 === 1) return 'Junk';
        if (to.id === strictEven.id && from.domain % 2 === 0) return 'Junk';
        if (!reply && from.id === spammy.id && dayNumberOf(at) >= SPAM_FROM_DAY) return 'Junk';
        return 'INBOX';
      },
    });
    [, strictOdd, strictEven, , spammy] = world.mailboxes as [WorldMailbox, WorldMailbox, WorldMailbox, WorldMailbox, WorldMailbox];
  });

  after(async () => {
    await world?.close();
  });

  /** What a mailbox must send on a day: the ramp, or the start volume once its health went bad. */
  const expectedVolume = (mailbox: WorldMailbox, day: number) =>
    warmupDailyTarget({ startVolume: RAMP.start, dailyIncrease: RAMP.increase, ceiling: RAMP.ceiling }, day, {
      throttled: mailbox.id === spammy.id && day > SPAM_FROM_DAY,
    });

  it('ramps every mailbox, never repeats a pair within 7 days, rescues spam, answers in the thread and throttles the mailbox that lands in spam', async (t) => {
    const started = Date.now();
    const notes = () => world.deliveries.filter((delivery) => delivery.sendId !== null && delivery.inReplyTo === null);
    const byId = new Map(world.mailboxes.map((mailbox) => [mailbox.id, mailbox]));
    const throttledOn = new Map<number, number>();
    /** The spam-landing sender's health at the end of each day. */
    const spamHealth: (string | null)[] = [];

    for (let day = 1; day <= DAYS; day += 1) {
      const isoDay = isoDayOf(dayStart(day));
      world.clock.set(new Date(dayStart(day) + 5 * 60_000));
      const report = await world.planDay();
      assert.deepEqual([report.day, report.pool, report.senders, report.unmet], [isoDay, 50, 50, 0], `day ${day}: the whole pool plans its target`);

      for (const hour of TICK_HOURS) await world.tick(new Date(dayStart(day) + hour * HOUR_MS));

      // Sent: what the loopback server received from each mailbox that day, which is exactly the ramp.
      const sentToday = new Map<string, number>();
      for (const note of notes()) if (isoDayOf(note.at) === isoDay) sentToday.set(note.from, (sentToday.get(note.from) ?? 0) + 1);
      for (const mailbox of world.mailboxes) {
        assert.equal(sentToday.get(mailbox.email) ?? 0, expectedVolume(mailbox, day), `day ${day}: ${mailbox.email} sent its day's volume`);
      }

      const states = await world.rows<{ id: number; health: string | null; throttled_at: Date | null; days_warmed: number }>(
        sql`select email_account_id as id, health, throttled_at, days_warmed from warmup_mailboxes`,
      );
      for (const state of states) {
        assert.equal(state.days_warmed, day);
        if (state.throttled_at && !throttledOn.has(Number(state.id))) throttledOn.set(Number(state.id), dayNumberOf(state.throttled_at));
        if (Number(state.id) === spammy.id) spamHealth.push(state.health);
        else assert.notEqual(state.health, 'bad', `day ${day}: ${byId.get(Number(state.id))!.email} stays healthy`);
      }
    }

    // The answers sent in the last moment are read back by their senders' syncs.
    await world.tick(world.clock.now());

    // ── Health: only the mailbox that started landing in spam went bad, that very day, and stays throttled.
    assert.deepEqual(spamHealth.slice(0, SPAM_FROM_DAY - 1).filter((health) => health === 'bad'), [], 'not bad before it lands in spam');
    assert.equal(spamHealth[SPAM_FROM_DAY - 1], 'bad', `its health by day: ${spamHealth.join(', ')}`);
    assert.deepEqual([...throttledOn], [[spammy.id, SPAM_FROM_DAY]]);
    const [spamState] = await world.rows<{ throttled_at: Date | null }>(sql`select throttled_at from warmup_mailboxes where email_account_id = ${spammy.id}`);
    assert.ok(spamState!.throttled_at, 'still throttled: it still lands in spam');
    const spammySent = (day: number) => notes().filter((note) => note.from === spammy.email && dayNumberOf(note.at) === day).length;
    assert.deepEqual([spammySent(SPAM_FROM_DAY), spammySent(SPAM_FROM_DAY + 1)], [RAMP.ceiling, RAMP.start], 'the volume drops to the start volume the day after');
    const others = await world.rows<{ health: string | null }>(sql`select health from warmup_mailboxes where email_account_id <> ${spammy.id}`);
    assert.ok(
      others.every((row) => row.health === 'good' || row.health === 'ok'),
      'every other mailbox has enough samples and is healthy',
    );

    // ── No unordered pair twice within 7 days, in what went over the wire and in the plan.
    const pairDays = new Map<string, number[]>();
    for (const note of notes()) {
      const key = pairKey(world.byEmail.get(note.from)!.id, world.byEmail.get(note.to)!.id);
      pairDays.set(key, [...(pairDays.get(key) ?? []), dayNumberOf(note.at)]);
    }
    for (const [pair, days] of pairDays) {
      for (let index = 1; index < days.length; index += 1) assert.ok(days[index]! - days[index - 1]! >= 7, `pair ${pair} met on days ${days.join(', ')}`);
    }
    const planned = await world.rows<{ sender_id: number; partner_id: number; day: string }>(sql`select sender_id, partner_id, day::text as day from warmup_sends`);
    assert.equal(planned.length, notes().length, 'every planned mail was sent once');
    const plannedPairs = new Map<string, number[]>();
    for (const row of planned) {
      const key = pairKey(Number(row.sender_id), Number(row.partner_id));
      plannedPairs.set(key, [...(plannedPairs.get(key) ?? []), dayNumberOf(Date.parse(`${row.day}T00:00:00Z`))].sort((a, b) => a - b));
    }
    for (const [pair, days] of plannedPairs) {
      for (let index = 1; index < days.length; index += 1) assert.ok(days[index]! - days[index - 1]! >= 7, `planned pair ${pair} on days ${days.join(', ')}`);
    }

    // ── Placement and rescue: every note placed where it landed; every one in Junk moved to INBOX, read.
    const sends = await world.rows<{
      id: number;
      sender_id: number;
      partner_id: number;
      message_id: string;
      placement: string;
      placed_at: Date | null;
      rescued_at: Date | null;
      reply_due_at: Date | null;
      replied_at: Date | null;
      reply_outbound_id: number | null;
      subject: string;
      reply_state: string | null;
      reply_headers: Record<string, string> | null;
      reply_message_id: string | null;
      reply_placement: string;
      reply_rescued_at: Date | null;
    }>(
      sql`select s.id, s.sender_id, s.partner_id, s.message_id, s.placement, s.placed_at, s.rescued_at, s.reply_due_at, s.replied_at, s.reply_placement, s.reply_rescued_at,
            s.reply_outbound_id, o.subject, r.state as reply_state, r.headers as reply_headers, r.message_id as reply_message_id
          from warmup_sends s join mail_outbound o on o.id = s.outbound_id left join mail_outbound r on r.id = s.reply_outbound_id
          order by s.id`,
    );
    const noteById = new Map(notes().map((note) => [note.sendId!, note]));
    const junked: Delivery[] = [];
    for (const send of sends) {
      const note = noteById.get(Number(send.id));
      assert.ok(note, `send ${send.id} went over the wire`);
      assert.equal(bare(note.messageId), bare(send.message_id));
      assert.equal(note.to, byId.get(Number(send.partner_id))!.email);
      assert.equal(send.placement, note.folder === 'Junk' ? 'spam' : 'inbox', `send ${send.id} placed where it landed`);
      if (note.folder === 'Junk') {
        junked.push(note);
        assert.ok(send.rescued_at, `send ${send.id} rescued from spam`);
      } else {
        assert.equal(send.rescued_at, null);
      }
    }
    const spamCauses = new Set(junked.map((note) => (note.from === spammy.email ? 'spam sender' : note.to)));
    assert.deepEqual([...spamCauses].sort(), ['spam sender', strictEven.email, strictOdd.email].sort(), 'both strict receivers and the spam sender put mail in Junk');
    const junkedByUser = new Map<string, Delivery[]>();
    for (const note of junked) junkedByUser.set(note.user, [...(junkedByUser.get(note.user) ?? []), note]);
    for (const [user, expected] of junkedByUser) {
      await world.asUser(user, async (client) => {
        const junk = await client.status('Junk', { messages: true });
        assert.ok(junk);
        assert.equal(junk.messages, 0, `${user}: Junk is empty`);
        const lock = await client.getMailboxLock('INBOX');
        try {
          const inbox = await client.fetchAll('1:*', { envelope: true, flags: true });
          const flagsById = new Map(inbox.map((message) => [bare(message.envelope?.messageId ?? null), message.flags]));
          for (const note of expected) {
            const flags = flagsById.get(bare(note.messageId));
            assert.ok(flags?.has('\\Seen') && flags.has('\\Flagged'), `${user}: ${note.messageId} is in INBOX, read and flagged`);
          }
        } finally {
          lock.release();
        }
      });
    }

    // ── Answers: at the receiver's rate, 45 minutes to two days later, from the partner back to the sender, in the note's thread.
    const end = world.clock.now().getTime();
    const answered = sends.filter((send) => send.replied_at !== null);
    const placedCount = sends.filter((send) => send.placed_at !== null).length;
    assert.equal(placedCount, sends.length, 'every note was placed');
    const rate = (sends.filter((send) => send.reply_due_at !== null).length / placedCount) * 100;
    assert.ok(Math.abs(rate - REPLY_RATE) < 5, `answers chosen at ${rate.toFixed(1)} %`);
    for (const send of sends) {
      if (send.reply_due_at !== null && new Date(send.reply_due_at).getTime() <= end) assert.ok(send.replied_at, `send ${send.id}: its due answer went`);
    }
    const answers = new Map(world.deliveries.filter((delivery) => delivery.inReplyTo !== null).map((delivery) => [bare(delivery.inReplyTo), delivery]));
    const storedAnswers = await world.rows<{ email_account_id: number; message_id: string; in_reply_to: string | null; class: string }>(
      sql`select email_account_id, message_id, in_reply_to, class from mail_inbound where in_reply_to is not null`,
    );
    const storedById = new Map(storedAnswers.map((row) => [bare(row.message_id), row]));
    assert.ok(answered.length > 100, `${answered.length} answers`);
    for (const send of answered) {
      assert.equal(send.reply_state, 'sent');
      assert.equal(send.reply_headers!['In-Reply-To'], send.message_id);
      assert.equal(send.reply_headers!.References, send.message_id);
      const answer = answers.get(bare(send.message_id));
      assert.ok(answer, `send ${send.id}: its answer went over the wire`);
      assert.equal(answer.from, byId.get(Number(send.partner_id))!.email);
      assert.equal(answer.to, byId.get(Number(send.sender_id))!.email);
      assert.equal(answer.references, send.message_id);
      assert.equal(answer.subject, `Re: ${send.subject}`);
      assert.equal(answer.sendId, Number(send.id), 'the answer carries the mark of its note');
      assert.equal(bare(answer.messageId), bare(send.reply_message_id));
      const delay = answer.at.getTime() - new Date(send.placed_at!).getTime();
      assert.ok(delay >= REPLY_DELAY.minMs && delay <= REPLY_DELAY.minMs + REPLY_DELAY.spreadMs + DAY_MS, `send ${send.id}: answered ${delay / HOUR_MS} h later`);
      // Read back by the sender's own IMAP sync, kept apart as warm-up mail, threaded on the note.
      const stored = storedById.get(bare(answer.messageId));
      assert.ok(stored, `send ${send.id}: the answer reached the sender's mailbox`);
      assert.equal(Number(stored.email_account_id), Number(send.sender_id));
      assert.equal(stored.class, 'warmup');
      assert.equal(bare(stored.in_reply_to), bare(send.message_id));
      // Placed where it landed in the sender's mailbox, and out of Junk like the notes.
      assert.equal(send.reply_placement, answer.folder === 'Junk' ? 'spam' : 'inbox', `send ${send.id}: its answer placed where it landed`);
      assert.equal(send.reply_rescued_at !== null, answer.folder === 'Junk', `send ${send.id}: an answer in Junk is rescued, only that`);
    }
    const junkedAnswers = answered.filter((send) => answers.get(bare(send.message_id))!.folder === 'Junk');
    assert.ok(junkedAnswers.length > 0, 'the strict receivers put answers in Junk too');
    for (const user of new Set(junkedAnswers.map((send) => answers.get(bare(send.message_id))!.user))) {
      await world.asUser(user, async (client) => {
        const junk = await client.status('Junk', { messages: true });
        assert.ok(junk);
        assert.equal(junk.messages, 0, `${user}: Junk is empty (answers too)`);
      });
    }

    t.diagnostic(
      `${sends.length} notes (${junked.length} in Junk, all rescued), ${answered.length} answers (${junkedAnswers.length} in Junk, all rescued), ${world.deliveries.length} deliveries in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  });
});
