import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { ImportReport } from './import-report';
import { MappingStep } from './mapping-step';
import type { ImportMapping } from '../utils/csv-mapping';

describe('CSV import screens', () => {
  it('shows progress while running', async () => {
    await renderInRemote(remoteTexts, <ImportReport status="running" total={1000} processed={250} imported={240} updated={0} skipped={5} rejectedCount={5} rejected={[]} />);
    expect(screen.getByText('Importing: 250 of 1000')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
  });

  it('lists every rejected row with its reason when finished', async () => {
    await renderInRemote(
      remoteTexts,
      <ImportReport
        status="completed"
        total={3}
        processed={3}
        imported={1}
        updated={0}
        skipped={0}
        rejectedCount={2}
        rejected={[
          { row: 2, reason: 'prospect_name_required', field: 'name' },
          { row: 3, reason: 'company_url_invalid', field: 'company_url' },
        ]}
      />,
    );
    expect(screen.getByText('Import finished')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'company_url' })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it('warns when nothing identifies a prospect and offers the duplicate policies', async () => {
    const user = userEvent.setup({ delay: null });
    const policies: string[] = [];
    const mapping: ImportMapping = { Company: 'company', Mail: null };
    await renderInRemote(
      remoteTexts,
      <MappingStep
        headers={['Company', 'Mail']}
        preview={[['Acme', 'ada@example.com']]}
        mapping={mapping}
        customFields={[]}
        policy="skip"
        onMappingChange={() => undefined}
        onPolicyChange={(policy) => policies.push(policy)}
      />,
    );
    expect(screen.getByText('Map a column to a name or an email.')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Update it' }));
    expect(policies).toEqual(['update']);
  });
});
