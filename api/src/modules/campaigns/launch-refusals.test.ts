/**
 * Bad input to the campaigns area over real HTTP, one case per block and launch key of document 1
 * §5 (rules/flowchart.ts, rules/launch.ts): saving the flowchart answers its block issues (a draft
 * may be invalid), launch-check answers the same keys, set-state start answers 422 with them, and
 * nothing is half-launched (still new, version 0, no recipients, no version rows). Flags an editor
 * computes (content present, unknown variables, dynamic text) are sent false: the server finds the
 * issues itself. Oversized flowcharts are refused with a catalogue key, never a 500 or a hang.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { launchIssueFromErrorItem, type Flowchart, type FlowchartBlock } from '@leadforge/contracts';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { P, at, campaignWorld, variant, type Person } from './test-world';

type Issue = { key: string; blockId?: string | null; variant?: number };

/** A flowchart from blocks in order and links (from, to, output?). */
function chart(blocks: FlowchartBlock[], links: [string, string, ('next' | 'yes' | 'no')?][]): Flowchart {
  return {
    operators: blocks.map((block, index) => ({ block, position: at(0, index * 100) })),
    links: links.map(([from, to, output]) => ({ from, to, output: output ?? 'next' })),
  };
}

const start: FlowchartBlock = { id: 'start', type: 'start' };
const email = (id: string, subject: string, content: string, more: ReturnType<typeof variant>[] = []): FlowchartBlock => ({
  id,
  type: 'email',
  emails: [{ ...variant(subject, content), hasContent: true, hasInvalidVariables: false }, ...more],
});
const linkedin = (
  id: string,
  actionType: FlowchartBlock extends infer B ? (B extends { type: 'linkedin'; actionType: infer A } ? A : never) : never,
  subject = '',
  content = '',
): FlowchartBlock => ({
  id,
  type: 'linkedin',
  actionType,
  subject,
  content,
});
const goal = (id: string, name: string): FlowchartBlock => ({ id, type: 'goal', goal_name: name });
const delay = (id: string, hours: number | null): FlowchartBlock => ({ id, type: 'delay', waiting_val: hours });
const degrees = (id: string, levels: number[]): FlowchartBlock => ({
  id,
  type: 'trigger',
  triggerType: 'connection_degree',
  time: 60,
  degreeLevels: levels,
});

interface Case {
  name: string;
  plan?: 'DC' | 'XS' | 'FREE';
  flowchart: Flowchart;
  /** Needs a LinkedIn sender (a LinkedIn block or a social trigger). */
  social?: boolean;
  /** Other settings saved before the launch. */
  settings?: object;
  /** Issues the saved flowchart answers (block checks), in any order. */
  blockIssues: Issue[];
  /** Keys launch-check and set-state start answer. */
  launchKeys: string[];
}

const ok = (subject = 'Hello') => email('e1', subject, '<p>Hi there</p>');

const CASES: Case[] = [
  {
    name: 'A/B variants beyond the plan',
    plan: 'XS',
    flowchart: chart([start, email('e1', 'A', '<p>Variant A</p>', [variant('B', '<p>Variant B</p>')])], [['start', 'e1']]),
    blockIssues: [{ key: 'email_ab_plan_size', blockId: 'e1' }],
    launchKeys: ['email_ab_plan_size'],
  },
  {
    name: 'the first email without a subject',
    flowchart: chart([start, email('e1', '   ', '<p>Body</p>')], [['start', 'e1']]),
    blockIssues: [{ key: 'email_no_subject', blockId: 'e1', variant: 0 }],
    launchKeys: ['email_no_subject'],
  },
  {
    name: 'an email without content (the client claims it has some)',
    flowchart: chart([start, email('e1', 'Subject', '<p>&nbsp;</p><br>')], [['start', 'e1']]),
    blockIssues: [{ key: 'email_no_content', blockId: 'e1', variant: 0 }],
    launchKeys: ['email_no_content'],
  },
  {
    name: 'a variable that does not exist (the client claims none)',
    flowchart: chart([start, email('e1', 'Hi {{nickname}}', '<p>Hello</p>')], [['start', 'e1']]),
    blockIssues: [{ key: 'variable_not_exist', blockId: 'e1', variant: 0 }],
    launchKeys: ['variable_not_exist'],
  },
  {
    name: 'a subject over 255 characters',
    flowchart: chart([start, email('e1', 'S'.repeat(256), '<p>Body</p>')], [['start', 'e1']]),
    blockIssues: [{ key: 'email_subject_too_long', blockId: 'e1', variant: 0 }],
    launchKeys: ['email_subject_too_long'],
  },
  {
    name: 'dynamic text beyond the plan (the client claims none)',
    plan: 'FREE',
    flowchart: chart([start, email('e1', 'Subject', '<p>{Hi|Hello} there</p>')], [['start', 'e1']]),
    blockIssues: [{ key: 'dynamic_text_plan', blockId: 'e1', variant: 0 }],
    launchKeys: ['dynamic_text_plan'],
  },
  {
    name: 'a dynamic text group over its limit',
    flowchart: chart([start, email('e1', 'Subject', `<p>{${'a'.repeat(600)}|${'b'.repeat(600)}}</p>`)], [['start', 'e1']]),
    blockIssues: [{ key: 'dynamic_text_too_long', blockId: 'e1', variant: 0 }],
    launchKeys: ['dynamic_text_too_long'],
  },
  {
    name: 'a LinkedIn step beyond the plan',
    plan: 'FREE',
    social: true,
    flowchart: chart([start, linkedin('l1', 'visit')], [['start', 'l1']]),
    blockIssues: [{ key: 'linkedin_plan_size', blockId: 'l1' }],
    launchKeys: ['linkedin_plan_size'],
  },
  {
    name: 'a LinkedIn step without an action',
    social: true,
    flowchart: chart([start, linkedin('l1', null)], [['start', 'l1']]),
    blockIssues: [{ key: 'linkedin_no_action_type', blockId: 'l1' }],
    launchKeys: ['linkedin_no_action_type'],
  },
  {
    name: 'two invitations on one chain',
    social: true,
    flowchart: chart(
      [start, linkedin('l1', 'invite', '', 'Hi'), linkedin('l2', 'invite', '', 'Hi again')],
      [
        ['start', 'l1'],
        ['l1', 'l2'],
      ],
    ),
    blockIssues: [{ key: 'linkedin_one_in_flow', blockId: 'l2' }],
    launchKeys: ['linkedin_one_in_flow'],
  },
  {
    name: 'an InMail without a subject',
    social: true,
    flowchart: chart([start, linkedin('l1', 'in_mail', '', 'Body')], [['start', 'l1']]),
    blockIssues: [{ key: 'linkedin_in_mail_no_subject', blockId: 'l1' }],
    launchKeys: ['linkedin_in_mail_no_subject'],
  },
  {
    name: 'a LinkedIn message without text',
    social: true,
    flowchart: chart([start, linkedin('l1', 'message', '', '  ')], [['start', 'l1']]),
    blockIssues: [{ key: 'linkedin_no_content', blockId: 'l1' }],
    launchKeys: ['linkedin_no_content'],
  },
  {
    name: 'an InMail subject over its limit',
    social: true,
    flowchart: chart([start, linkedin('l1', 'in_mail', 'S'.repeat(201), 'Body')], [['start', 'l1']]),
    blockIssues: [{ key: 'linkedin_subject_too_long', blockId: 'l1' }],
    launchKeys: ['linkedin_subject_too_long'],
  },
  {
    name: 'an invitation note over its limit',
    social: true,
    flowchart: chart([start, linkedin('l1', 'invite', '', 'n'.repeat(301))], [['start', 'l1']]),
    blockIssues: [{ key: 'linkedin_content_too_long', blockId: 'l1' }],
    launchKeys: ['linkedin_content_too_long'],
  },
  {
    name: 'a degree trigger with a level that does not exist',
    social: true,
    flowchart: chart(
      [start, linkedin('l1', 'visit'), degrees('t1', [2, 4]), goal('g1', 'Close'), goal('g2', 'Far')],
      [
        ['start', 'l1'],
        ['l1', 't1'],
        ['t1', 'g1', 'yes'],
        ['t1', 'g2', 'no'],
      ],
    ),
    blockIssues: [{ key: 'trigger_invalid_levels', blockId: 't1' }],
    launchKeys: ['trigger_invalid_levels'],
  },
  {
    name: 'a degree trigger on every level',
    social: true,
    flowchart: chart(
      [start, linkedin('l1', 'visit'), degrees('t1', [1, 2, 3]), goal('g1', 'Close'), goal('g2', 'Far')],
      [
        ['start', 'l1'],
        ['l1', 't1'],
        ['t1', 'g1', 'yes'],
        ['t1', 'g2', 'no'],
      ],
    ),
    blockIssues: [{ key: 'trigger_not_all_levels', blockId: 't1' }],
    launchKeys: ['trigger_not_all_levels'],
  },
  {
    name: 'a goal without a name',
    flowchart: chart(
      [start, ok(), goal('g1', '  ')],
      [
        ['start', 'e1'],
        ['e1', 'g1'],
      ],
    ),
    blockIssues: [{ key: 'goal_no_name', blockId: 'g1' }],
    launchKeys: ['goal_no_name'],
  },
  {
    name: 'no email or LinkedIn step',
    flowchart: chart(
      [start, delay('d1', 24), goal('g1', 'Waited')],
      [
        ['start', 'd1'],
        ['d1', 'g1'],
      ],
    ),
    blockIssues: [{ key: 'no_required_blocks', blockId: null }],
    launchKeys: ['no_required_blocks'],
  },
  {
    name: 'link wrapping beyond the plan',
    plan: 'FREE',
    flowchart: chart([start, ok()], [['start', 'e1']]),
    settings: { wrapLinks: true },
    blockIssues: [],
    launchKeys: ['email_wrap_links_plan_size'],
  },
  {
    name: 'a delay without a time',
    flowchart: chart(
      [start, ok(), delay('d1', 0), goal('g1', 'Done')],
      [
        ['start', 'e1'],
        ['e1', 'd1'],
        ['d1', 'g1'],
      ],
    ),
    blockIssues: [{ key: 'delay_no_time', blockId: 'd1' }],
    launchKeys: ['delay_no_time'],
  },
  {
    name: 'a loop',
    flowchart: chart(
      [start, ok(), delay('d1', 24)],
      [
        ['start', 'e1'],
        ['e1', 'd1'],
        ['d1', 'e1'],
      ],
    ),
    blockIssues: [
      { key: 'looped_flowchart', blockId: 'e1' },
      { key: 'looped_flowchart', blockId: 'd1' },
    ],
    launchKeys: ['looped_flowchart', 'looped_flowchart'],
  },
  {
    name: 'a block nothing leads to',
    flowchart: chart([start, ok(), goal('g9', 'Orphan')], [['start', 'e1']]),
    blockIssues: [{ key: 'not_connected_block', blockId: 'g9' }],
    launchKeys: ['not_connected_block'],
  },
  {
    name: 'a block with two next steps',
    flowchart: chart(
      [start, ok(), goal('g1', 'One'), goal('g2', 'Two')],
      [
        ['start', 'e1'],
        ['e1', 'g1'],
        ['e1', 'g2'],
      ],
    ),
    blockIssues: [{ key: 'not_connected_block', blockId: 'e1' }],
    launchKeys: ['not_connected_block'],
  },
  {
    name: 'a trigger without its no branch',
    flowchart: chart(
      [start, ok(), { id: 't1', type: 'trigger', triggerType: 'email_opened', time: 60, degreeLevels: [] }, goal('g1', 'Opened')],
      [
        ['start', 'e1'],
        ['e1', 't1'],
        ['t1', 'g1', 'yes'],
      ],
    ),
    blockIssues: [{ key: 'trigger_incomplete', blockId: 't1' }],
    launchKeys: ['trigger_incomplete'],
  },
];

const sortIssues = (issues: Issue[]) =>
  issues
    .map((issue) => ({
      key: issue.key,
      blockId: issue.blockId ?? null,
      ...(issue.variant !== undefined ? { variant: issue.variant } : {}),
    }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe('campaign launch refusals', () => {
  let t: TestApp;
  let w: ReturnType<typeof campaignWorld>;
  const people = new Map<string, { person: Person; listId: number; blacklist: number; box: number; slot: number }>();

  before(async () => {
    t = await startTestApp({ jobs: false });
    w = campaignWorld(t);
  });
  after(() => t?.close());

  /** One person per plan with a one-prospect list, a no-send list, a sendable mailbox and an active LinkedIn slot. */
  async function owner(plan: string) {
    const known = people.get(plan);
    if (known) return known;
    const person = await w.signedIn(`refusals-${plan.toLowerCase()}`, { plan });
    const listId = await w.list(person, `${plan} list`);
    // An address and a profile: email and LinkedIn flowcharts alike reach someone.
    await w.prospect(
      person,
      listId,
      'Only Prospect',
      `only-${plan.toLowerCase()}@example.com`,
      'valid',
      `https://www.linkedin.com/in/only-${plan.toLowerCase()}`,
    );
    const blacklist = await w.list(person, `${plan} no-send`);
    const box = await w.mailbox(person, `refusals-${plan.toLowerCase()}@mailbox.test`);
    const [row] = await w.rows<{ id: number }>(
      sql`insert into linkedin_accounts (account_id, user_id, provider, name, state, working_hours, limits)
          values (${person.user.accountId}, ${person.user.id}, 'sandbox', 'Active slot', 'active', '[]'::jsonb, '{}'::jsonb) returning id`,
    );
    const made = { person, listId, blacklist, box, slot: Number(row!.id) };
    people.set(plan, made);
    return made;
  }

  for (const testCase of CASES) {
    it(`refuses ${testCase.name}`, async () => {
      const { person, listId, blacklist, box, slot } = await owner(testCase.plan ?? 'DC');
      const { campaignId } = await w.create(person, testCase.name.slice(0, 60), {
        listId,
        blacklist,
        senderEmailAccounts: [box],
        ...(testCase.social ? { senderLinkedinAccounts: [slot] } : {}),
        ...testCase.settings,
      });

      const saved = await person.client.request('PUT', `${P}/campaign/${campaignId}/flowcharts`, {
        body: { flowchart: testCase.flowchart },
      });
      assert.equal(saved.status, 200, saved.text);
      assert.deepEqual(sortIssues(saved.body.issues), sortIssues(testCase.blockIssues));

      const check = await person.client.post(`${P}/campaign/${campaignId}/launch-check`);
      assert.equal(check.status, 200, check.text);
      assert.deepEqual(check.body.issues.map((issue: Issue) => issue.key).sort(), [...testCase.launchKeys].sort());

      const refused = await w.setState(person, campaignId, 'start');
      assert.equal(refused.status, 422, refused.text);
      assert.deepEqual(w.keysOf(refused), [...testCase.launchKeys].sort());
      // Each error item says which block (and variant) it is about.
      const items = refused.body.errors.map((error: { key: string; field?: string }) =>
        launchIssueFromErrorItem(error as never),
      ) as Issue[];
      assert.deepEqual(
        sortIssues(items.filter((issue) => issue.blockId !== undefined)),
        sortIssues(testCase.blockIssues.filter((issue) => issue.blockId !== null)),
      );
      await w.untouched(campaignId);
    });
  }

  it('refuses a launch on a schedule that never opens, saved before the schedule rules', async () => {
    const { person, listId, blacklist, box } = await owner('DC');
    const days = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => ({
      day,
      enabled: false,
      from: '9:00 AM',
      to: '5:00 PM',
    }));
    // The schedules call refuses such a schedule...
    const direct = await person.client.post('/schedules/save', { name: 'Never', timezone: 'UTC', days });
    assert.deepEqual([direct.status, w.keysOf(direct)], [422, ['schedule_no_days']]);
    // ...so one from before that rule is written directly.
    const [row] = await w.rows<{ id: number }>(
      sql`insert into campaign_schedules (account_id, user_id, name, timezone, days)
          values (${person.user.accountId}, ${person.user.id}, 'Never', 'UTC', ${JSON.stringify(days)}::jsonb) returning id`,
    );
    const { campaignId } = await w.create(person, 'Never opens', {
      listId,
      blacklist,
      senderEmailAccounts: [box],
      schedule: Number(row!.id),
      flowchart: chart([start, ok()], [['start', 'e1']]),
    });
    const check = await person.client.post(`${P}/campaign/${campaignId}/launch-check`);
    assert.deepEqual(
      check.body.issues.map((issue: Issue) => issue.key),
      ['schedule_no_days'],
    );
    const refused = await w.setState(person, campaignId, 'start');
    assert.deepEqual([refused.status, w.keysOf(refused)], [422, ['schedule_no_days']]);
    await w.untouched(campaignId);
  });

  it('refuses a flowchart of 10,000 blocks with a key, quickly, on every call that takes one', async () => {
    const { person, listId, blacklist, box } = await owner('DC');
    const { campaignId } = await w.create(person, 'Huge', {
      listId,
      blacklist,
      senderEmailAccounts: [box],
      flowchart: chart([start, ok()], [['start', 'e1']]),
    });
    const blocks: FlowchartBlock[] = [start, ok(), ...Array.from({ length: 9_998 }, (_, index) => delay(`d${index}`, 1))];
    const links: [string, string][] = [
      ['start', 'e1'],
      ['e1', 'd0'],
      ...Array.from({ length: 9_997 }, (_, index): [string, string] => [`d${index}`, `d${index + 1}`]),
    ];
    const huge = chart(blocks, links);
    assert.equal(huge.operators.length, 10_000);

    const calls = [
      () => person.client.request('PUT', `${P}/campaign/${campaignId}/flowcharts`, { body: { flowchart: huge } }),
      () => w.update(person, campaignId, { flowchart: huge }),
      () => person.client.post(`${P}/campaign/save`, { title: 'Huge new', flowchart: huge }),
    ];
    for (const call of calls) {
      const started = Date.now();
      const response = await call();
      assert.ok([400, 413].includes(response.status), response.text.slice(0, 300));
      assert.ok(['field_too_long', 'body_too_large'].includes(response.body.errors[0].key), response.text.slice(0, 300));
      assert.ok(Date.now() - started < 15_000, 'answered without hanging');
    }
    // The saved flowchart is the small one; the campaign was not launched and still launches cleanly afterwards.
    assert.equal((await person.client.get(`${P}/campaign/${campaignId}/flowcharts`)).body.flowchart.operators.length, 2);
    await w.untouched(campaignId);

    // A huge flowchart already in the database (written around the API) is never parsed into a
    // launch: the campaign reads as a fresh draft and the launch is refused with a key.
    await w.exec(sql`update campaigns set flowchart = ${JSON.stringify(huge)}::jsonb where id = ${campaignId}`);
    const started = Date.now();
    const check = await person.client.post(`${P}/campaign/${campaignId}/launch-check`);
    assert.equal(check.status, 200, check.text.slice(0, 300));
    const refused = await w.setState(person, campaignId, 'start');
    assert.deepEqual([refused.status, w.keysOf(refused)], [422, ['no_required_blocks']]);
    assert.ok(Date.now() - started < 15_000, 'answered without hanging');
    await w.untouched(campaignId);
  });
});
