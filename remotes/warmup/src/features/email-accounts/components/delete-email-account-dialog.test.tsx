import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EmailAccount } from '@leadforge/contracts';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { DeleteEmailAccountDialog } from './delete-email-account-dialog';

const account = { id: 3, email: 'ada@acme.test' } as EmailAccount;
const usage = { queuedMessages: 12, campaigns: 2, sentToday: 4, dailyLimit: 30 };

describe('the delete confirmation', () => {
  it('says how many queued emails are cancelled and that running campaigns stop using the mailbox', async () => {
    const onConfirm = jest.fn();
    await renderInRemote(
      remoteTexts,
      <DeleteEmailAccountDialog account={account} usage={usage} usageError={undefined} deleting={false} onRetryUsage={jest.fn()} onCancel={jest.fn()} onConfirm={onConfirm} />,
    );
    const consequences = await screen.findByTestId('delete-consequences');
    expect(consequences).toHaveTextContent('12 queued emails will be cancelled (campaigns affected: 2).');
    expect(consequences).toHaveTextContent('Running campaigns stop using this mailbox');
    await userEvent.click(screen.getByRole('button', { name: 'Delete the mailbox' }));
    expect(onConfirm).toHaveBeenCalledWith(account);
  });

  it('cannot be confirmed before the count is known', async () => {
    await renderInRemote(
      remoteTexts,
      <DeleteEmailAccountDialog account={account} usage={undefined} usageError={undefined} deleting={false} onRetryUsage={jest.fn()} onCancel={jest.fn()} onConfirm={jest.fn()} />,
    );
    expect(await screen.findByText('Counting the emails waiting to be sent…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete the mailbox' })).toBeDisabled();
  });
});
