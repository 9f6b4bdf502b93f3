import { screen } from '@testing-library/react';
import { columnsSettings, prospectRow } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-screen';
import { initialTableState } from '../utils/table-query';
import { EMPTY_SELECTION } from '../utils/selection';
import { ProspectsTable, type ProspectsTableProps } from './prospects-table';

// The table on its own, one row: the page around it (bulk actions, filters) is proven in
// e2e/tests/prospects/filter-by-tag-and-status.spec.ts.
jest.setTimeout(30_000);

const props = (overrides: Partial<ProspectsTableProps>): ProspectsTableProps => ({
  rows: [prospectRow({ id: 1, name: 'Person 1' })],
  total: 1,
  loading: false,
  state: initialTableState(3),
  layout: columnsSettings().defaults,
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
    await renderWithProviders(<ProspectsTable {...props({ total: 10_050, totalCapped: true })} />);
    expect(await screen.findByText('Total: 10050+')).toBeInTheDocument();
  });
});
