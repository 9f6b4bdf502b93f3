import { pendingReasonText } from './pending-reason';

describe('why a warm-up waits', () => {
  it('names a paused mailbox, a connection problem and an unknown reason', () => {
    expect(pendingReasonText('mailbox_paused')).toEqual({ ownKey: 'warmUp.pending.mailboxPaused' });
    expect(pendingReasonText('imap_login')).toEqual({ errorKey: 'mail_imap_login_failed' });
    expect(pendingReasonText('reconnect')).toEqual({ errorKey: 'email_account_needs_reconnect' });
    expect(pendingReasonText('error')).toEqual({ errorKey: 'mail_server_error' });
    expect(pendingReasonText(null)).toBeNull();
  });
});
