import { testLinkedinAccount } from '../test-account';
import { changesOf, settingsFieldOf, settingsFormOf } from './settings-form';

describe('saving an account’s settings', () => {
  it('sends the working days only, in week order, and leaves proxy and zone alone when unchanged', () => {
    const account = testLinkedinAccount();
    const values = settingsFormOf(account);
    values.hours.fri = { on: true, from: 600, to: 900 };
    values.hours.mon = { ...values.hours.mon, on: false };
    const changes = changesOf(account, values);
    expect(changes.settings.workingHours).toEqual([
      { day: 'tue', from: 540, to: 1080 },
      { day: 'fri', from: 600, to: 900 },
    ]);
    expect(changes.proxy).toBeNull();
    expect(changes.timezone).toBeNull();
  });

  it('re-sends a custom proxy only when it changed or a new password was typed', () => {
    const account = testLinkedinAccount({ proxy: { kind: 'custom', host: 'proxy.example.com', port: 3128, username: 'u', hasPassword: true } });
    const values = settingsFormOf(account);
    expect(values.proxy.password).toBe('');
    expect(changesOf(account, values).proxy).toBeNull();
    expect(changesOf(account, { ...values, proxy: { ...values.proxy, password: 'new' } }).proxy).toEqual({
      kind: 'custom',
      proxy: { host: 'proxy.example.com', port: 3128, username: 'u', password: 'new' },
    });
    expect(changesOf(account, { ...values, proxyKind: 'builtin', countryId: 250 }).proxy).toEqual({ kind: 'builtin', countryId: 250 });
  });

  it('puts a refusal of the PATCH on the field it names', () => {
    const sent = { workingHours: [{ day: 'tue' as const, from: 540, to: 1080 }, { day: 'fri' as const, from: 900, to: 600 }] };
    expect(settingsFieldOf('limits.invite', sent)).toEqual(['limits', 'invite']);
    expect(settingsFieldOf('workingHours.1.to', sent)).toEqual(['hours', 'fri', 'to']);
    expect(settingsFieldOf('workingHours.0.from', sent)).toEqual(['hours', 'tue', 'from']);
    expect(settingsFieldOf('connectLimit', sent)).toEqual(['connectLimit']);
  });
});
