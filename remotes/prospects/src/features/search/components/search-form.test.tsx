import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GlobalSearchFilters } from '@leadforge/contracts';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { SearchForm } from './search-form';

describe('global search form', () => {
  it('refuses a one-character name and a bad email, then searches once fixed', async () => {
    const user = userEvent.setup({ delay: null });
    const searches: GlobalSearchFilters[] = [];
    await renderInRemote(remoteTexts, <SearchForm busy={false} onSearch={(filters) => searches.push(filters)} />);
    fireEvent.change(screen.getByLabelText('Prospect name'), { target: { value: 'A' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@' } });
    await user.click(screen.getByRole('button', { name: /Search/ }));
    expect(await screen.findByText('Enter more characters to filter.')).toBeInTheDocument();
    expect(searches).toEqual([]);

    fireEvent.change(screen.getByLabelText('Prospect name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: /Search/ }));
    expect(searches).toEqual([{ prospect_name: 'Ada' }]);
  });
});
