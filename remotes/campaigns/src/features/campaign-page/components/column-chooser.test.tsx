import { fireEvent, screen } from '@testing-library/react';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { DEFAULT_VISIBLE_COLUMNS } from '../utils/recipient-columns';
import { ColumnChooser } from './column-chooser';

describe('the recipients column chooser', () => {
  it('lists every column, keeps the prospect one, and shows or hides the others', async () => {
    const onChange = jest.fn();
    await renderInRemote(remoteTexts, <ColumnChooser visible={['prospect', 'email_address', 'status']} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Columns (3)' }));
    const group = await screen.findByRole('group', { name: 'Columns shown' });
    expect(group.querySelectorAll('input[type="checkbox"]')).toHaveLength(21);
    expect(screen.getByRole('checkbox', { name: 'Prospect' })).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Email address' }));
    expect(onChange).toHaveBeenLastCalledWith(['prospect', 'status']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Invitation reply' }));
    expect(onChange).toHaveBeenLastCalledWith(['prospect', 'email_address', 'status', 'linkedin_invite_reply']);
    fireEvent.click(screen.getByRole('button', { name: 'Back to the default columns' }));
    expect(onChange).toHaveBeenLastCalledWith([...DEFAULT_VISIBLE_COLUMNS]);
  });
});
