import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProspectEdit } from '@leadforge/contracts';
import { prospectInfo } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-screen';
import { accessMapFor } from '../utils/prospect-access';
import { ProspectEditor } from './prospect-editor';

// antd forms in jsdom are slow on a cold start; the behaviour, not the speed, is under test.
jest.setTimeout(30_000);

const noLookups = { countries: [], industries: [], fieldGroups: [] };

describe('prospect editor', () => {
  it('shows the company error on the field and saves only once it is fixed', async () => {
    const user = userEvent.setup({ delay: null });
    const saved: ProspectEdit[] = [];
    await renderWithProviders(
      <ProspectEditor
        prospect={prospectInfo({ companies: [] })}
        access={accessMapFor('own')}
        saving={false}
        onSave={(edit) => saved.push(edit)}
        {...noLookups}
      />,
    );
    await user.click(screen.getByRole('button', { name: /Add company/ }));
    fireEvent.change(screen.getByLabelText('Website 1'), { target: { value: 'acme.io' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the company name.')).toBeInTheDocument();
    expect(saved).toEqual([]);

    fireEvent.change(screen.getByLabelText('Company 1'), { target: { value: 'Acme' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toHaveLength(1);
    expect(saved[0]?.companies).toEqual([{ entityId: null, name: 'Acme', url: 'acme.io', position: '', hqPhone: '' }]);
  });

  it('requires a name', async () => {
    const user = userEvent.setup({ delay: null });
    const saved: ProspectEdit[] = [];
    await renderWithProviders(<ProspectEditor prospect={prospectInfo()} access={accessMapFor('own')} saving={false} onSave={(edit) => saved.push(edit)} {...noLookups} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Correct the marked fields, then save again.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('hides phones from a member limited to own records and offers no save', async () => {
    await renderWithProviders(
      <ProspectEditor
        prospect={prospectInfo({ phones: undefined, viewerClass: 'viewOnlyOwnRecordsOnTeam' })}
        access={accessMapFor('viewOnlyOwnRecordsOnTeam')}
        saving={false}
        onSave={() => undefined}
        {...noLookups}
      />,
    );
    expect(screen.queryByText('Phones')).not.toBeInTheDocument();
    expect(screen.queryByText('+44 20 7946 0000')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByText('You can view this prospect but not change it.')).toBeInTheDocument();
    // Names are shown as text, not inputs.
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
  });

  it('shows phones read-only to the team lead', async () => {
    await renderWithProviders(
      <ProspectEditor prospect={prospectInfo({ viewerClass: 'teamLead' })} access={accessMapFor('teamLead')} saving={false} onSave={() => undefined} {...noLookups} />,
    );
    expect(screen.getByText('+44 20 7946 0000')).toBeInTheDocument();
    expect(screen.queryByLabelText('Phone 1')).not.toBeInTheDocument();
  });
});
