import { flowchartSchema, type LinkOutput } from '../campaigns';
import { ERROR_KEYS } from '../errors';
import { campaignCapabilities } from './campaign-plan';
import {
  countBlocks,
  flowchartStructureIssues,
  unknownVariables,
  validateFlowchart,
  visibleText,
  type FlowchartCheckContext,
} from './flowchart';
import { blocks, emailVariant, flowchartOf } from './flowchart-factories';

const paid: FlowchartCheckContext = { capabilities: campaignCapabilities('paid'), isNewCampaign: true };
const free: FlowchartCheckContext = { capabilities: campaignCapabilities('free'), isNewCampaign: true };
const keysOf = (issues: { key: string }[]) => issues.map((issue) => issue.key).sort();

describe('flowchart structure', () => {
  it('accepts start → email → delay → email', () => {
    const chart = flowchartOf(
      [blocks.start(), blocks.email('e1'), blocks.delay('d1'), blocks.email('e2', [emailVariant({ subject: '' })])],
      [
        ['start', 'e1'],
        ['e1', 'd1'],
        ['d1', 'e2'],
      ],
    );
    expect(flowchartSchema.parse(chart)).toEqual(chart);
    expect(validateFlowchart(chart, paid)).toEqual([]);
  });

  it.each([
    ['only a start', [blocks.start()], [], ['no_required_blocks']],
    ['a delay but no email or social block', [blocks.start(), blocks.delay('d')], [['start', 'd']], ['no_required_blocks']],
    [
      'an email not connected to the start',
      [blocks.start(), blocks.email('e')],
      [],
      ['no_required_blocks', 'not_connected_block'],
    ],
    [
      'a second chain hanging loose',
      [blocks.start(), blocks.email('e1'), blocks.delay('d'), blocks.email('e2')],
      [
        ['start', 'e1'],
        ['d', 'e2'],
      ],
      ['not_connected_block', 'not_connected_block'],
    ],
    [
      'a loop back to an earlier block',
      [blocks.start(), blocks.email('e1'), blocks.delay('d')],
      [
        ['start', 'e1'],
        ['e1', 'd'],
        ['d', 'e1'],
      ],
      ['looped_flowchart', 'looped_flowchart'],
    ],
    [
      'a block linked to itself',
      [blocks.start(), blocks.email('e1')],
      [
        ['start', 'e1'],
        ['e1', 'e1'],
      ],
      ['looped_flowchart'],
    ],
    [
      'a link to a deleted block is ignored',
      [blocks.start(), blocks.email('e1')],
      [
        ['start', 'e1'],
        ['e1', 'gone'],
      ],
      [],
    ],
    ['a social-network block alone is enough', [blocks.start(), blocks.linkedin('l1')], [['start', 'l1']], []],
    [
      'trigger branches that meet again are not a loop',
      [blocks.start(), blocks.trigger('t'), blocks.linkedin('a'), blocks.linkedin('b'), blocks.goal('g')],
      [
        ['start', 't'],
        ['t', 'a', 'yes'],
        ['t', 'b', 'no'],
        ['a', 'g'],
        ['b', 'g'],
      ],
      [],
    ],
  ] as const)('%s', (_name, list, links, expected) => {
    const chart = flowchartOf(
      [...list],
      links.map((l) => [...l] as [string, string]),
    );
    expect(keysOf(flowchartStructureIssues(chart))).toEqual([...expected].sort());
  });

  it('names the blocks of a loop', () => {
    const chart = flowchartOf(
      [blocks.start(), blocks.email('e1'), blocks.delay('d1'), blocks.email('e2')],
      [
        ['start', 'e1'],
        ['e1', 'd1'],
        ['d1', 'e2'],
        ['e2', 'd1'],
      ],
    );
    const looped = validateFlowchart(chart, paid).filter((issue) => issue.key === 'looped_flowchart');
    expect(looped.map((issue) => issue.blockId).sort()).toEqual(['d1', 'e2']);
  });
});

describe('email block checks', () => {
  const single = (emails: ReturnType<typeof emailVariant>[], context = paid) =>
    validateFlowchart(flowchartOf([blocks.start(), blocks.email('e', emails)], [['start', 'e']]), context);

  it.each([
    ['valid', [emailVariant()], paid, []],
    ['two variants on a paid plan', [emailVariant(), emailVariant()], paid, []],
    ['two variants on a free plan', [emailVariant(), emailVariant()], free, ['email_ab_plan_size']],
    [
      'two variants on a starter plan',
      [emailVariant(), emailVariant()],
      { ...paid, capabilities: campaignCapabilities('starter') },
      ['email_ab_plan_size'],
    ],
    ['two variants on a launched campaign, free plan', [emailVariant(), emailVariant()], { ...free, isNewCampaign: false }, []],
    ['no subject on the first email', [emailVariant({ subject: '  ' })], paid, ['email_no_subject']],
    ['subject over the limit', [emailVariant({ subject: 's'.repeat(256) })], paid, ['email_subject_too_long']],
    ['no content flag', [emailVariant({ hasContent: false })], paid, ['email_no_content']],
    ['only empty markup', [emailVariant({ content: '<p>&nbsp;</p>' })], paid, ['email_no_content']],
    ['invalid variables flag', [emailVariant({ hasInvalidVariables: true })], paid, ['variable_not_exist']],
    ['dynamic text on a free plan', [emailVariant({ hasDynamicText: true })], free, ['dynamic_text_plan']],
    ['dynamic text on a paid plan', [emailVariant({ hasDynamicText: true })], paid, []],
    ['dynamic text over its limit', [emailVariant({ overLimitDynamicText: true })], paid, ['dynamic_text_too_long']],
    ['second variant without content', [emailVariant(), emailVariant({ hasContent: false })], paid, ['email_no_content']],
  ] as const)('%s', (_name, emails, context, expected) => {
    expect(keysOf(single([...emails], context))).toEqual([...expected].sort());
  });

  it('reports the variant index', () => {
    expect(single([emailVariant(), emailVariant({ hasContent: false })])).toEqual([
      { blockId: 'e', key: 'email_no_content', variant: 1 },
    ]);
  });

  it('checks placeholders against the known variables when given', () => {
    const context = { ...paid, knownVariables: ['firstName', 'company'] };
    expect(keysOf(single([emailVariant({ content: 'Hi {{ firstName }} at {{company}}' })], context))).toEqual([]);
    expect(keysOf(single([emailVariant({ subject: 'Hi {{nickname}}' })], context))).toEqual(['variable_not_exist']);
  });

  it('lets a follow-up email leave the subject empty only when every path has an earlier email', () => {
    const chart = flowchartOf(
      [
        blocks.start(),
        blocks.trigger('t'),
        blocks.email('e1'),
        blocks.email('e2', [emailVariant({ subject: '' })]),
        blocks.email('e3', [emailVariant({ subject: '' })]),
      ],
      [
        ['start', 't'],
        ['t', 'e1', 'yes'],
        ['e1', 'e2'],
        ['t', 'e3', 'no'],
        ['e2', 'e3'],
      ],
    );
    expect(validateFlowchart(chart, paid)).toEqual([{ blockId: 'e3', key: 'email_no_subject', variant: 0 }]);
  });
});

describe('social-network block checks', () => {
  const chain = (list: ReturnType<typeof blocks.linkedin>[], context = paid) => {
    const ids = ['start', ...list.map((b) => b.id)];
    const links = ids.slice(1).map((id, i) => [ids[i] as string, id] as [string, string]);
    return validateFlowchart(flowchartOf([blocks.start(), ...list], links), context);
  };

  it.each([
    ['visit', [blocks.linkedin('l')], paid, []],
    ['on a free plan', [blocks.linkedin('l')], free, ['linkedin_plan_size']],
    ['no action type', [blocks.linkedin('l', { actionType: null })], paid, ['linkedin_no_action_type']],
    ['invite without note', [blocks.linkedin('l', { actionType: 'invite' })], paid, ['linkedin_no_content']],
    ['invite with a note', [blocks.linkedin('l', { actionType: 'invite', content: 'Hi' })], paid, []],
    [
      'invite note over 300',
      [blocks.linkedin('l', { actionType: 'invite', content: 'x'.repeat(301) })],
      paid,
      ['linkedin_content_too_long'],
    ],
    ['message without content', [blocks.linkedin('l', { actionType: 'message' })], paid, ['linkedin_no_content']],
    [
      'in-mail without subject',
      [blocks.linkedin('l', { actionType: 'in_mail', content: 'Hi' })],
      paid,
      ['linkedin_in_mail_no_subject'],
    ],
    [
      'in-mail subject over 200',
      [blocks.linkedin('l', { actionType: 'in_mail', subject: 's'.repeat(201), content: 'Hi' })],
      paid,
      ['linkedin_subject_too_long'],
    ],
    ['like needs no content', [blocks.linkedin('l', { actionType: 'like' })], paid, []],
    [
      'invite twice in a chain',
      [
        blocks.linkedin('a', { actionType: 'invite', content: 'Hi' }),
        blocks.linkedin('b', { actionType: 'invite', content: 'Again' }),
      ],
      paid,
      ['linkedin_one_in_flow'],
    ],
    [
      'follow twice in a chain',
      [blocks.linkedin('a', { actionType: 'follow' }), blocks.linkedin('v'), blocks.linkedin('b', { actionType: 'follow' })],
      paid,
      ['linkedin_one_in_flow'],
    ],
    ['visit twice in a chain', [blocks.linkedin('a'), blocks.linkedin('b')], paid, []],
  ] as const)('%s', (_name, list, context, expected) => {
    expect(keysOf(chain([...list], context))).toEqual([...expected].sort());
  });

  it('allows the same one-in-flow action on two separate branches', () => {
    const chart = flowchartOf(
      [
        blocks.start(),
        blocks.trigger('t'),
        blocks.linkedin('a', { actionType: 'follow' }),
        blocks.linkedin('b', { actionType: 'follow' }),
      ],
      [
        ['start', 't'],
        ['t', 'a', 'yes'],
        ['t', 'b', 'no'],
      ],
    );
    expect(validateFlowchart(chart, paid)).toEqual([]);
  });
});

describe('block outputs', () => {
  const chart = (links: [string, string, LinkOutput?][]) =>
    keysOf(
      validateFlowchart(flowchartOf([blocks.start(), blocks.trigger('t'), blocks.email('a'), blocks.email('b')], links), paid),
    );

  it('refuses a trigger with one branch', () => {
    expect(
      chart([
        ['start', 't'],
        ['t', 'a', 'yes'],
      ]),
    ).toContain('trigger_incomplete');
  });
  it('refuses a block with two next links', () => {
    expect(
      chart([
        ['start', 'a'],
        ['a', 'b'],
        ['a', 't'],
        ['t', 'b', 'yes'],
      ]),
    ).toContain('not_connected_block');
  });
  it('accepts a trigger with both branches', () => {
    expect(
      chart([
        ['start', 't'],
        ['t', 'a', 'yes'],
        ['t', 'b', 'no'],
      ]),
    ).toEqual([]);
  });
});

describe('trigger, delay and goal checks', () => {
  const one = (block: Parameters<typeof flowchartOf>[0][number]) =>
    keysOf(
      validateFlowchart(
        flowchartOf(
          block.type === 'trigger'
            ? [blocks.start(), block, blocks.email('e'), blocks.goal('end')]
            : [blocks.start(), block, blocks.email('e')],
          block.type === 'trigger'
            ? [
                ['start', block.id],
                [block.id, 'e', 'yes'],
                [block.id, 'end', 'no'],
              ]
            : [
                ['start', block.id],
                [block.id, 'e'],
              ],
        ),
        paid,
      ),
    );

  it.each([
    [blocks.trigger('t'), []],
    [blocks.trigger('t', { triggerType: null }), ['trigger_incomplete']],
    [blocks.trigger('t', { time: null }), ['trigger_incomplete']],
    [blocks.trigger('t', { time: 0 }), ['trigger_incomplete']],
    [blocks.trigger('t', { degreeLevels: [] }), ['trigger_incomplete']],
    [blocks.trigger('t', { degreeLevels: [1, 2, 3] }), ['trigger_not_all_levels']],
    [blocks.trigger('t', { degreeLevels: [1, 2] }), []],
    [blocks.trigger('t', { degreeLevels: [4] }), ['trigger_invalid_levels']],
    [blocks.trigger('t', { degreeLevels: [2, 2] }), ['trigger_invalid_levels']],
    [blocks.trigger('t', { triggerType: 'email_opened', degreeLevels: [] }), []],
    [blocks.trigger('t', { triggerType: 'email_replied', time: null }), ['trigger_incomplete']],
    [blocks.trigger('t', { triggerType: 'invite_accepted', degreeLevels: [] }), []],
    [blocks.delay('d', null), ['delay_no_time']],
    [blocks.delay('d', 0), ['delay_no_time']],
    [blocks.delay('d', 1), []],
    [blocks.goal('g', ' '), ['goal_no_name']],
    [blocks.goal('g', 'Reply'), []],
  ])('%j', (block, expected) => {
    expect(one(block)).toEqual(expected);
  });
});

describe('helpers', () => {
  it('finds unknown placeholders once each', () => {
    expect(unknownVariables('{{a}} {{b}} {{ b }} {{A}}', ['a'])).toEqual(['b']);
  });
  it('reads the visible text of markup', () => {
    expect(visibleText('<p>Hello&nbsp;<b>you</b></p>')).toBe('Hello you');
  });
  it('counts blocks by type', () => {
    const chart = flowchartOf([blocks.start(), blocks.email('e'), blocks.email('f'), blocks.trigger('t')], []);
    expect(countBlocks(chart)).toEqual({ start: 1, email: 2, linkedin: 0, trigger: 1, delay: 0, goal: 0 });
  });
  it('only reports catalogue keys', () => {
    const chart = flowchartOf(
      [
        blocks.start(),
        blocks.email('e', [emailVariant({ subject: '', hasContent: false, hasInvalidVariables: true })]),
        blocks.linkedin('l', { actionType: null }),
      ],
      [
        ['start', 'e'],
        ['e', 'e'],
      ],
    );
    for (const issue of validateFlowchart(chart, free)) expect(ERROR_KEYS).toContain(issue.key);
  });
});
