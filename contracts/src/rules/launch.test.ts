import { SOCIAL_ACCOUNT_STATES } from '../social';
import { ERROR_KEYS } from '../errors';
import { campaignCapabilities } from './campaign-plan';
import { blocks, flowchartOf } from './flowchart-factories';
import { launchIssues, SOCIAL_ACCOUNT_LAUNCH_KEYS, type LaunchInput } from './launch';

const emailOnly = flowchartOf([blocks.start(), blocks.email('e')], [['start', 'e']]);
const withSocial = flowchartOf(
  [blocks.start(), blocks.email('e'), blocks.linkedin('l')],
  [
    ['start', 'e'],
    ['e', 'l'],
  ],
);
const withTrigger = flowchartOf(
  [blocks.start(), blocks.trigger('t'), blocks.email('e'), blocks.goal('g')],
  [
    ['start', 't'],
    ['t', 'e', 'yes'],
    ['t', 'g', 'no'],
  ],
);
const socialOnly = flowchartOf([blocks.start(), blocks.linkedin('l')], [['start', 'l']]);

function input(overrides: Partial<LaunchInput> = {}): LaunchInput {
  return {
    listId: 1,
    blacklist: 2,
    wrapLinks: false,
    flowchart: emailOnly,
    emailAccounts: [{ id: 10, valid: true }],
    linkedinAccounts: [],
    capabilities: campaignCapabilities('paid'),
    isNewCampaign: true,
    ...overrides,
  };
}

describe('launch checks', () => {
  it.each([
    ['a complete email campaign', input(), []],
    ['no prospect list', input({ listId: null }), [{ key: 'launch_choose_prospect_list' }]],
    ['no no-send list', input({ blacklist: null }), [{ key: 'launch_choose_not_send_list' }]],
    [
      'link wrapping on the free plan',
      input({ wrapLinks: true, capabilities: campaignCapabilities('free') }),
      [{ key: 'email_wrap_links_plan_size' }],
    ],
    ['link wrapping on a paid plan', input({ wrapLinks: true }), []],
    ['no email accounts', input({ emailAccounts: [] }), [{ key: 'launch_no_email_accounts' }]],
    [
      'no email accounts but no email blocks',
      input({ emailAccounts: [], flowchart: socialOnly, linkedinAccounts: [{ id: 5, state: 'active' }] }),
      [],
    ],
    [
      'an invalid email account',
      input({
        emailAccounts: [
          { id: 10, valid: true },
          { id: 11, valid: false },
        ],
      }),
      [{ key: 'launch_invalid_email_accounts', accountId: 11 }],
    ],
    ['social block without social accounts', input({ flowchart: withSocial }), [{ key: 'launch_no_linkedin_accounts' }]],
    ['trigger block without social accounts', input({ flowchart: withTrigger }), [{ key: 'launch_no_linkedin_accounts' }]],
    [
      'an email trigger needs no social account',
      input({
        flowchart: flowchartOf(
          [
            blocks.start(),
            blocks.email('e'),
            blocks.trigger('t', { triggerType: 'email_opened', degreeLevels: [] }),
            blocks.goal('g'),
            blocks.goal('h'),
          ],
          [
            ['start', 'e'],
            ['e', 't'],
            ['t', 'g', 'yes'],
            ['t', 'h', 'no'],
          ],
        ),
      }),
      [],
    ],
    ['social block with an active account', input({ flowchart: withSocial, linkedinAccounts: [{ id: 5, state: 'active' }] }), []],
    [
      'an expired social account',
      input({ flowchart: withSocial, linkedinAccounts: [{ id: 5, state: 'expired' }] }),
      [{ key: 'launch_account_expired', accountId: 5 }],
    ],
    [
      'a deleted social account',
      input({ flowchart: withSocial, linkedinAccounts: [{ id: 5, state: 'deleted' }] }),
      [{ key: 'launch_account_deleted', accountId: 5 }],
    ],
    [
      'an account waiting for an email code',
      input({ flowchart: withSocial, linkedinAccounts: [{ id: 5, state: 'verification_code' }] }),
      [{ key: 'launch_account_need_email_verification', accountId: 5 }],
    ],
    [
      'an account waiting for a two-factor code',
      input({ flowchart: withSocial, linkedinAccounts: [{ id: 5, state: 'two_factor_code' }] }),
      [{ key: 'launch_account_need_two_factor', accountId: 5 }],
    ],
    [
      'an account that lost its connection',
      input({ flowchart: withSocial, linkedinAccounts: [{ id: 5, state: 'lost_connection' }] }),
      [{ key: 'launch_account_lost_connection', accountId: 5 }],
    ],
    [
      'flowchart issues block the launch too',
      input({ flowchart: flowchartOf([blocks.start()], []) }),
      [{ key: 'no_required_blocks', blockId: null }],
    ],
  ] as const)('%s', (_name, launch, expected) => {
    expect(launchIssues(launch)).toEqual(expected);
  });

  it('maps every social account state to a launch key or to none', () => {
    for (const state of SOCIAL_ACCOUNT_STATES) {
      const key = SOCIAL_ACCOUNT_LAUNCH_KEYS[state];
      if (state === 'active') expect(key).toBeUndefined();
      else expect(ERROR_KEYS).toContain(key);
    }
  });
});
