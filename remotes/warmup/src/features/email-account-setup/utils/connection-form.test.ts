import type { EmailAccount } from '@leadforge/contracts';
import { createBody, credentialsBody, hidesField, initialValues, stepsOf, testBody, valuesOfAccount, type ConnectionFormValues } from './connection-form';

const filled = (overrides: Partial<ConnectionFormValues> = {}): ConnectionFormValues => {
  const values = initialValues('custom');
  return {
    ...values,
    email: ' ada@mailbox.test ',
    senderName: ' Ada ',
    smtp: { ...values.smtp, host: ' Smtp.Mailbox.Test ', port: 2525, security: 'none', password: 'smtp-secret' },
    imap: { ...values.imap, host: 'imap.mailbox.test', port: 1143, security: 'none' },
    ...overrides,
  };
};

describe('the connect form', () => {
  it('fills hosts, ports and security from a preset, and usual ports for any other server', () => {
    const gmail = initialValues('gmail');
    expect(gmail.smtp).toMatchObject({ host: 'smtp.gmail.com', port: 465, security: 'tls' });
    expect(gmail.imap).toMatchObject({ host: 'imap.gmail.com', port: 993, security: 'tls' });
    const custom = initialValues('custom');
    expect(custom.smtp).toMatchObject({ host: '', port: 587, security: 'starttls' });
    expect(custom.imap).toMatchObject({ host: '', port: 993, security: 'tls' });
    expect(custom.sameCredentials).toBe(true);
  });

  it('signs in to IMAP with the SMTP user and password when they are the same', () => {
    const body = createBody(filled({ smtp: { ...filled().smtp, user: 'ada' } }), 'custom');
    expect(body).toEqual({
      email: 'ada@mailbox.test',
      preset: null,
      senderName: 'Ada',
      smtp: { host: 'Smtp.Mailbox.Test', port: 2525, security: 'none', user: 'ada', password: 'smtp-secret' },
      imap: { host: 'imap.mailbox.test', port: 1143, security: 'none', user: 'ada', password: 'smtp-secret' },
    });
  });

  it('sends the IMAP user and password of their own when they differ, leaving an empty user to the address', () => {
    const values = filled({ sameCredentials: false, imap: { ...filled().imap, user: '', password: 'imap-secret' } });
    expect(createBody(values, 'zoho').imap).toEqual({ host: 'imap.mailbox.test', port: 1143, security: 'none', password: 'imap-secret' });
    expect(createBody(values, 'zoho').preset).toBe('zoho');
    expect(createBody(values, 'zoho').smtp).not.toHaveProperty('user');
  });

  it('tests and reconnects with the same servers it would save', () => {
    const values = filled();
    expect(testBody(values)).toEqual({ email: 'ada@mailbox.test', smtp: createBody(values, 'custom').smtp, imap: createBody(values, 'custom').imap });
    expect(credentialsBody(values, 'custom')).toEqual({ preset: null, smtp: createBody(values, 'custom').smtp, imap: createBody(values, 'custom').imap });
  });

  it('opens a saved mailbox for reconnecting with its servers and no password', () => {
    const account = {
      email: 'ada@mailbox.test',
      senderName: 'Ada',
      preset: 'fastmail',
      smtp: { host: 'smtp.fastmail.com', port: 465, security: 'tls', user: 'ada@mailbox.test' },
      imap: { host: 'imap.fastmail.com', port: 993, security: 'tls', user: 'ada@mailbox.test' },
    } as EmailAccount;
    const values = valuesOfAccount(account);
    expect(values.smtp).toEqual({ host: 'smtp.fastmail.com', port: 465, security: 'tls', user: '', password: '' });
    expect(values.sameCredentials).toBe(true);
    expect(valuesOfAccount({ ...account, imap: { ...account.imap!, user: 'other' } }).sameCredentials).toBe(false);
  });

  it('knows which fields "same as SMTP" hides', () => {
    expect(hidesField({ sameCredentials: true }, 'imap.password')).toBe(true);
    expect(hidesField({ sameCredentials: true }, 'smtp.password')).toBe(false);
    expect(hidesField({ sameCredentials: false }, 'imap.password')).toBe(false);
  });

  it('lists the steps a test tries on each server, TLS only when secured', () => {
    expect(stepsOf('smtp', 'tls')).toEqual(['dns', 'tcp', 'tls', 'smtp_auth']);
    expect(stepsOf('smtp', 'none')).toEqual(['dns', 'tcp', 'smtp_auth']);
    expect(stepsOf('imap', 'starttls')).toEqual(['dns', 'tcp', 'tls', 'imap_login', 'imap_select']);
  });
});
