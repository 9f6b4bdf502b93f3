import type { EmailAccount } from '@leadforge/contracts';
import { settingsFieldOf, settingsFormOf, settingsOf } from './settings-form';

const account = {
  senderName: 'Ada',
  dailyLimit: 30,
  firstEmailDailyLimit: null,
  minGapSeconds: 60,
  maxGapSeconds: 120,
  sendingWindow: null,
  signatureHtml: '<p>Ada</p>',
  replyTo: null,
  trackingDomain: null,
  firstSyncDays: 30,
} as unknown as EmailAccount;

describe('the mailbox settings form', () => {
  it('saves back what it opened with, empty texts as none', () => {
    expect(settingsOf(settingsFormOf(account, 'UTC'))).toEqual({
      senderName: 'Ada',
      dailyLimit: 30,
      firstEmailDailyLimit: null,
      minGapSeconds: 60,
      maxGapSeconds: 120,
      sendingWindow: null,
      signatureHtml: '<p>Ada</p>',
      replyTo: null,
      trackingDomain: null,
      firstSyncDays: 30,
    });
  });

  it('trims the texts and keeps a first-email limit of zero', () => {
    const values = { ...settingsFormOf(account, 'UTC'), senderName: ' Ada L. ', replyTo: ' replies@acme.test ', trackingDomain: ' track.acme.test ', firstEmailDailyLimit: 0 };
    expect(settingsOf(values)).toMatchObject({ senderName: 'Ada L.', replyTo: 'replies@acme.test', trackingDomain: 'track.acme.test', firstEmailDailyLimit: 0 });
  });

  it('points an API field error at the drawer field that shows it', () => {
    expect(settingsFieldOf('replyTo')).toEqual(['replyTo']);
    expect(settingsFieldOf('sendingWindow.timeZone')).toEqual(['window', 'timeZone']);
    expect(settingsFieldOf('sendingWindow.days.2.to')).toEqual(['window', 'to']);
    expect(settingsFieldOf('sendingWindow.days')).toEqual(['window', 'days']);
  });
});
