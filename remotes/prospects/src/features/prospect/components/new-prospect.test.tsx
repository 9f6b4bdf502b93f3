import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { prospectInfo } from '../../../test/fixtures';
import { installApi, renderWithProviders, type RecordedCall } from '../../../test/render-screen';
import { NewProspect } from './new-prospect';

// A whole form filled in twice over in jsdom, on a machine shared with other builds: the behaviour,
// not the speed, is under test.
jest.setTimeout(60_000);

function api() {
  return installApi({
    'GET /prospects/country-industry-lists': { countries: [{ id: 7, name: 'Portugal' }], industries: [] },
    'GET /user-field-groups': { groups: [], ungrouped: [] },
    'POST /prospects-new/add': (call: RecordedCall) => ({
      status: 200,
      body: prospectInfo({ id: 77, name: (call.body as { name: string }).name }),
    }),
  });
}

const adds = (calls: RecordedCall[]) => calls.filter((call) => call.path === '/prospects-new/add');

async function openForm() {
  await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: /Add prospect/ }));
  return screen.findByRole('dialog', { name: 'New prospect' });
}

describe('new prospect', () => {
  it('applies the editor’s rules, then saves into the current list and closes', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api();
    const added: number[] = [];
    await renderWithProviders(<NewProspect listId={3} lists={[]} onAdded={(id) => added.push(id)} />);
    const drawer = await openForm();

    // Name required (document 1 §5), shown before anything is sent.
    await user.click(await within(drawer).findByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Correct the marked fields, then save again.')).toBeInTheDocument();

    fireEvent.change(within(drawer).getByLabelText('Name'), { target: { value: 'Katherine <Johnson>' } });
    // A company with a website but no name is refused on the field.
    await user.click(within(drawer).getByRole('button', { name: /Add company/ }));
    fireEvent.change(within(drawer).getByLabelText('Website 1'), { target: { value: 'nasa.example' } });
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Enter the company name.')).toBeInTheDocument();
    expect(adds(calls)).toEqual([]);

    fireEvent.change(within(drawer).getByLabelText('Company 1'), { target: { value: 'NASA' } });
    await user.click(within(drawer).getByRole('button', { name: /Add email/ }));
    fireEvent.change(within(drawer).getByLabelText('Email 1'), { target: { value: 'katherine@nasa.example' } });
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(added).toEqual([77]));
    expect(adds(calls)).toHaveLength(1);
    expect(adds(calls)[0]?.body).toMatchObject({
      listId: 3,
      // < > are stripped by the same sanitising the editor applies.
      name: 'Katherine Johnson',
      emails: [{ email_id: null, email: 'katherine@nasa.example' }],
      companies: [{ entityId: null, name: 'NASA', url: 'nasa.example', position: '', hqPhone: '' }],
    });
    expect(await screen.findByText('Katherine Johnson added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New prospect' })).not.toBeInTheDocument());
  });

  it('asks for a list from All contacts and saves into the one picked', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api();
    await renderWithProviders(
      <NewProspect
        listId={null}
        lists={[
          { id: 3, name: 'Pioneers' },
          { id: 4, name: 'Astronauts' },
        ]}
      />,
    );
    const drawer = await openForm();
    fireEvent.change(await within(drawer).findByLabelText('Name'), { target: { value: 'Mary Jackson' } });
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Choose the list to add the prospect to.')).toBeInTheDocument();
    expect(adds(calls)).toEqual([]);

    await user.click(within(drawer).getByRole('combobox', { name: 'List' }));
    await user.click(await screen.findByTitle('Astronauts'));
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(adds(calls)).toHaveLength(1));
    expect(adds(calls)[0]?.body).toMatchObject({ listId: 4, name: 'Mary Jackson' });
  });

  it('shows a field error the server answers on that field and keeps the form open', async () => {
    const user = userEvent.setup({ delay: null });
    installApi({
      'GET /prospects/country-industry-lists': { countries: [], industries: [] },
      'GET /user-field-groups': { groups: [], ungrouped: [] },
      'POST /prospects-new/add': () => ({
        status: 400,
        body: { errors: [{ key: 'company_url_invalid', title: 'Invalid', description: 'Invalid.', field: 'companies.0.url' }] },
      }),
    });
    await renderWithProviders(<NewProspect listId={3} lists={[]} />);
    const drawer = await openForm();
    fireEvent.change(await within(drawer).findByLabelText('Name'), { target: { value: 'Dorothy Vaughan' } });
    await user.click(within(drawer).getByRole('button', { name: /Add company/ }));
    fireEvent.change(within(drawer).getByLabelText('Company 1'), { target: { value: 'NACA' } });
    fireEvent.change(within(drawer).getByLabelText('Website 1'), { target: { value: 'naca.example' } });
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Enter a valid company website address.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New prospect' })).toBeInTheDocument();
  });
});
