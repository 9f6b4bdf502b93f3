import { screen } from '@testing-library/react';
import { PROSPECT_DEFAULT_COLUMNS, PROSPECT_TABLE_COLUMNS, PROSPECTS_DEFAULT_SORT, type ProspectRow } from '@leadforge/contracts';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { initialTableState } from '../utils/table-query';
import { EMPTY_SELECTION } from '../utils/selection';
import { ProspectsTable, type ProspectsTableProps } from './prospects-table';

// The table on its own, one row: the page around it (bulk actions, filters) is proven in
// e2e/tests/prospects/filter-by-tag-and-status.spec.ts.

const NOW = '2026-11-21T10:00:00.000Z';
const OWNER_ID = 10;

const prospectRow = (overrides: Partial<ProspectRow>): ProspectRow => ({
  id: 1,
  name: 'Ada Lovelace',
  first_name: 'Ada',
  last_name: 'Lovelace',
  industry: null,
  country: 'United Kingdom',
  location: 'London',
  company: 'Analytical Engines',
  company_industry: null,
  company_country: null,
  emails: [{ email_id: 11, email: 'ada@example.com', statusVerifyText: 'Valid', tags: [], status: 'valid' }],
  lists: [{ listId: 3, name: 'Pioneers', isMemberLists: false }],
  tags: [{ tagEntityId: 1, id: 5, name: 'vip', type: 'custom' }],
  add_date: NOW,
  deals: 0,
  linkedin: null,
  customFields: {},
  ownerUserId: OWNER_ID,
  viewerClass: 'own',
  isDuplicate: false,
  ...overrides,
});

/** The columns a user gets before saving a layout of their own. */
const defaultLayout = () => ({
  columns: PROSPECT_TABLE_COLUMNS.map((key, position) => ({
    key,
    active: (PROSPECT_DEFAULT_COLUMNS as readonly string[]).includes(key),
    position,
    width: null,
  })),
  sort: { ...PROSPECTS_DEFAULT_SORT },
  accountId: OWNER_ID,
  savedAt: NOW,
});

const props = (overrides: Partial<ProspectsTableProps>): ProspectsTableProps => ({
  rows: [prospectRow({ id: 1, name: 'Person 1' })],
  total: 1,
  loading: false,
  state: initialTableState(3),
  layout: defaultLayout(),
  customFields: [],
  selection: EMPTY_SELECTION,
  onStateChange: () => undefined,
  onSelectionChange: () => undefined,
  onLayoutChange: () => undefined,
  onOpenProspect: () => undefined,
  ...overrides,
});

describe('prospects table', () => {
  it('shows a count that stopped early as "N+"', async () => {
    await renderInRemote(remoteTexts, <ProspectsTable {...props({ total: 10_050, totalCapped: true })} />);
    expect(await screen.findByText('Total: 10050+')).toBeInTheDocument();
  });
});
