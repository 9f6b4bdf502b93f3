import { MAILBOX_FORM_CODES } from '../errors';
import { countFilledMailboxes, isMailboxFilled, mailboxFormErrors, type MailboxRow } from './mailbox-order';

const row = (overrides: Partial<MailboxRow> = {}): MailboxRow => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada',
  domains: [
    { domain: 'acme.com', selected: true },
    { domain: 'acme.io', selected: false },
  ],
  ...overrides,
});

describe('filled mailboxes', () => {
  it.each([
    [row(), true],
    [row({ firstName: ' ' }), false],
    [row({ lastName: '' }), false],
    [row({ username: '' }), false],
  ])('%j → %s', (mailbox, expected) => {
    expect(isMailboxFilled(mailbox)).toBe(expected);
  });

  it.each([
    ['one selected domain', [row()], 1],
    [
      'two selected domains',
      [
        row({
          domains: [
            { domain: 'a.com', selected: true },
            { domain: 'b.com', selected: true },
          ],
        }),
      ],
      2,
    ],
    [
      'no selected domain counts once',
      [
        row({
          domains: [
            { domain: 'a.com', selected: false },
            { domain: 'b.com', selected: false },
          ],
        }),
      ],
      1,
    ],
    ['no domains at all counts once', [row({ domains: [] })], 1],
    ['unfilled rows count nothing', [row({ username: '' }), row()], 1],
    ['empty form', [], 0],
  ])('%s', (_name, rows, expected) => {
    expect(countFilledMailboxes(rows)).toBe(expected);
  });
});

describe('mailbox form codes', () => {
  const codes = (...args: Parameters<typeof mailboxFormErrors>) => mailboxFormErrors(...args).map((e) => [e.field, e.code]);

  it.each([
    ['a complete form', { mailboxes: [row()], redirectDomain: 'acme.com' }, {}, []],
    ['nothing filled', { mailboxes: [row({ firstName: '', lastName: '', username: '' })] }, {}, [['mailboxes', 155]]],
    [
      'a missing last name',
      { mailboxes: [row({ lastName: '' })] },
      {},
      [
        ['mailboxes.0.lastName', 101],
        ['mailboxes', 155],
      ],
    ],
    ['a name too long', { mailboxes: [row({ firstName: 'a'.repeat(51) })] }, {}, [['mailboxes.0.firstName', 103]]],
    ['a name with digits', { mailboxes: [row({ firstName: 'Ada2' })] }, {}, [['mailboxes.0.firstName', 109]]],
    ['a username too long', { mailboxes: [row({ username: 'a'.repeat(65) })] }, {}, [['mailboxes.0.username', 103]]],
    ['an invalid username', { mailboxes: [row({ username: 'ada..l' })] }, {}, [['mailboxes.0.username', 157]]],
    [
      'an address already bought',
      { mailboxes: [row()] },
      { purchasedAddresses: ['ADA@acme.com'] },
      [['mailboxes.0.username', 152]],
    ],
    ['an own domain with a bad format', { ownDomains: ['acme'], mailboxes: [row()] }, {}, [['domains.0', 150]]],
    ['an own domain left empty', { ownDomains: [' '], mailboxes: [row()] }, {}, [['domains.0', 101]]],
    [
      'an own domain already used',
      { ownDomains: ['acme.com'], mailboxes: [row()] },
      { usedDomains: ['acme.com'] },
      [['domains.0', 151]],
    ],
    ['an invalid redirect domain', { mailboxes: [row()], redirectDomain: 'http//acme' }, {}, [['redirectDomain', 156]]],
    ['an empty redirect domain is allowed', { mailboxes: [row()], redirectDomain: '' }, {}, []],
  ] as const)('%s', (_name, form, context, expected) => {
    expect(codes(form, context)).toEqual(expected);
  });

  it('carries the catalogue key of each code', () => {
    for (const error of mailboxFormErrors({ mailboxes: [row({ username: '' })], redirectDomain: 'x' })) {
      expect(error.key).toBe(MAILBOX_FORM_CODES[error.code]);
    }
  });
});
