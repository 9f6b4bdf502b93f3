/**
 * A mailbox's settings as the edit drawer holds them and as PATCH /email-account/:id takes them.
 * Empty texts mean "none" (no reply-to, no tracking domain), an empty first-email limit means no
 * separate limit.
 */
import type { EmailAccount, EmailAccountSettings } from '@leadforge/contracts';
import { formToWindow, windowToForm, type WindowFormValues } from './sending-window';

export type SettingsFormValues = {
  senderName: string;
  dailyLimit: number;
  firstEmailDailyLimit: number | null | undefined;
  minGapSeconds: number;
  maxGapSeconds: number;
  window: WindowFormValues;
  signatureHtml: string;
  replyTo: string;
  trackingDomain: string;
  firstSyncDays: number;
};

export function settingsFormOf(account: EmailAccount, fallbackTimeZone: string): SettingsFormValues {
  return {
    senderName: account.senderName,
    dailyLimit: account.dailyLimit,
    firstEmailDailyLimit: account.firstEmailDailyLimit,
    minGapSeconds: account.minGapSeconds,
    maxGapSeconds: account.maxGapSeconds,
    window: windowToForm(account.sendingWindow, fallbackTimeZone),
    signatureHtml: account.signatureHtml,
    replyTo: account.replyTo ?? '',
    trackingDomain: account.trackingDomain ?? '',
    firstSyncDays: account.firstSyncDays,
  };
}

/** The form hands back an emptied text field as undefined, whatever the type says. */
export function settingsOf(values: SettingsFormValues): EmailAccountSettings {
  const replyTo = (values.replyTo ?? '').trim();
  const trackingDomain = (values.trackingDomain ?? '').trim();
  return {
    senderName: (values.senderName ?? '').trim(),
    dailyLimit: values.dailyLimit,
    firstEmailDailyLimit: values.firstEmailDailyLimit ?? null,
    minGapSeconds: values.minGapSeconds,
    maxGapSeconds: values.maxGapSeconds,
    sendingWindow: formToWindow(values.window),
    signatureHtml: values.signatureHtml ?? '',
    replyTo: replyTo || null,
    trackingDomain: trackingDomain || null,
    firstSyncDays: values.firstSyncDays as EmailAccountSettings['firstSyncDays'],
  };
}

/** The drawer's field for a field the API names (`sendingWindow.days.0.to` → the window's hours). */
export function settingsFieldOf(field: string): string[] {
  if (field.startsWith('sendingWindow.timeZone')) return ['window', 'timeZone'];
  if (/^sendingWindow\.days\.\d+\.(from|to)/.test(field)) return ['window', 'to'];
  if (field.startsWith('sendingWindow')) return ['window', 'days'];
  return [field.split('.')[0]!];
}
