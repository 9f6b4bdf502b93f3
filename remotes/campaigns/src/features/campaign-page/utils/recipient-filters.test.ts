import { recipientFilterSchema, recipientsListQuerySchema } from '@leadforge/contracts';
import { activeFilterCount, cleanRecipientFilter, filterFromForm, formFromFilter, recipientsPageQuery, sortFromTable, tableSortOrder } from './recipient-filters';

describe('the recipients filter form', () => {
  it('turns the chosen fields into the contract filter and leaves the empty ones out', () => {
    const filter = filterFromForm({
      prospect: '  Ada ',
      email_address: '   ',
      status: ['active', 'reply'],
      email_accounts: [],
      open: '1+',
      linkedin_invite: ['accepted'],
      interest_level: ['none'],
      flowchartBlockId: 'email-2',
      flowchartBlockMode: 'passed',
      goal: 'no',
      goalNames: ['Booked'],
      contacted: 'yes',
    });
    expect(filter).toEqual({
      prospect: 'Ada',
      status: ['active', 'reply'],
      open: '1+',
      linkedin_invite: ['accepted'],
      interest_level: ['none'],
      flowchart_block: { blockId: 'email-2', mode: 'passed' },
      goal: { reached: false, names: ['Booked'] },
      contacted: true,
    });
    expect(recipientFilterSchema.safeParse(filter).success).toBe(true);
  });

  it('reads a block filter without a mode as "at the block now" and a goal without names as any goal', () => {
    expect(filterFromForm({ flowchartBlockId: 'delay-1', goal: 'yes' })).toEqual({
      flowchart_block: { blockId: 'delay-1', mode: 'at' },
      goal: { reached: true, names: [] },
    });
  });

  it('keeps the search text and the hidden LinkedIn filter the form does not show', () => {
    expect(filterFromForm({ contacted: 'no' }, { search: 'acme', linkedin_not_reached_profile: true })).toEqual({
      contacted: false,
      search: 'acme',
      linkedin_not_reached_profile: true,
    });
  });

  it('shows a filter back in the form as it was chosen', () => {
    const form = { status: ['bounce' as const], click: '3+' as const, flowchartBlockId: 'email-1', flowchartBlockMode: 'at' as const, goal: 'yes' as const, goalNames: [], contacted: 'no' as const };
    expect(formFromFilter(filterFromForm(form))).toEqual(form);
  });

  it('counts the panel filters but not the search box or the hidden filter', () => {
    expect(activeFilterCount({ search: 'x', linkedin_not_reached_profile: true, status: ['active'], sent: '0', provider: [] })).toBe(2);
    expect(cleanRecipientFilter({ prospect: ' ', provider: [], search: ' a ' })).toEqual({ search: 'a' });
  });
});

describe('the recipients page query', () => {
  it('carries page, size, sort and the filter as JSON the list call accepts', () => {
    const query = recipientsPageQuery({ page: 2, perPage: 10, sort: { field: 'open', order: 'desc' }, filter: { status: ['active'], prospect: '' } });
    expect(query).toEqual({ page: 2, perPage: 10, sortField: 'open', sortOrder: 'desc', filter: '{"status":["active"]}' });
    const parsed = recipientsListQuerySchema.parse({ campaignId: '7', ...query });
    expect(parsed.filter).toEqual({ status: ['active'] });
  });

  it('sends no filter and no sort when none is chosen', () => {
    expect(recipientsPageQuery({ page: 1, perPage: 10, sort: null, filter: {} })).toEqual({ page: 1, perPage: 10 });
  });

  it("maps antd's sort order to the contract's and back", () => {
    const sort = sortFromTable('reply', 'ascend');
    expect(sort).toEqual({ field: 'reply', order: 'asc' });
    expect(tableSortOrder(sort, 'reply')).toBe('ascend');
    expect(tableSortOrder(sort, 'open')).toBeNull();
    expect(sortFromTable('reply', null)).toBeNull();
  });
});
