/**
 * An account's settings as the drawer holds them, and the calls saving them makes: PATCH for the
 * name, limits, hours, gaps and connect limit; PUT …/proxy and PUT …/timezone only when those
 * changed (a custom proxy is tried by the server before it is saved, so it is not re-sent idly).
 */
import {
  LINKEDIN_ACTION_TYPES,
  LINKEDIN_DAILY_LIMITS,
  type LinkedinAccount,
  type LinkedinAccountSettings,
  type LinkedinActionLimits,
  type LinkedinActionType,
  type LinkedinProxyBody,
} from '@leadforge/contracts';
import { proxyChangeOf, proxyFormOf, type ProxyFormValues } from './proxy-form';
import { weekHoursOf, workingHoursOf, type WeekHours } from './working-hours';

export type SettingsFormValues = ProxyFormValues & {
  name: string;
  limits: LinkedinActionLimits;
  hours: WeekHours;
  minGapSeconds: number;
  maxGapSeconds: number;
  connectLimit: number;
  timezone: string;
};

export type SettingsChanges = {
  settings: LinkedinAccountSettings;
  proxy: LinkedinProxyBody | null;
  timezone: string | null;
};

export function settingsFormOf(account: LinkedinAccount): SettingsFormValues {
  return {
    name: account.name,
    limits: { ...account.limits },
    hours: weekHoursOf(account.workingHours),
    minGapSeconds: account.minGapSeconds,
    maxGapSeconds: account.maxGapSeconds,
    connectLimit: account.connectLimit,
    timezone: account.timezone,
    ...proxyFormOf(account.proxy),
  };
}

/** The safe maximum of an action's daily limit (contracts LINKEDIN_DAILY_LIMITS). */
export function safeMaxOf(action: LinkedinActionType): number {
  return LINKEDIN_DAILY_LIMITS[action].max;
}

export function changesOf(account: LinkedinAccount, values: SettingsFormValues): SettingsChanges {
  const limits = Object.fromEntries(LINKEDIN_ACTION_TYPES.map((action) => [action, Number(values.limits?.[action] ?? account.limits[action])])) as LinkedinActionLimits;
  return {
    settings: {
      name: (values.name ?? '').trim(),
      limits,
      workingHours: workingHoursOf(values.hours),
      minGapSeconds: values.minGapSeconds,
      maxGapSeconds: values.maxGapSeconds,
      connectLimit: values.connectLimit,
    },
    proxy: proxyChangeOf(account.proxy, values),
    timezone: values.timezone && values.timezone !== account.timezone ? values.timezone : null,
  };
}

/**
 * The drawer's field for a field the PATCH names: `limits.invite` → the invitations' limit,
 * `workingHours.2.to` → the third working day's end (the day read from what was sent).
 */
export function settingsFieldOf(field: string, sent: LinkedinAccountSettings): (string | number)[] {
  const limit = /^limits\.(\w+)/.exec(field);
  if (limit?.[1]) return ['limits', limit[1]];
  const hours = /^workingHours\.(\d+)(?:\.(from|to|day))?/.exec(field);
  if (hours) {
    const day = sent.workingHours?.[Number(hours[1])]?.day;
    if (day) return ['hours', day, hours[2] === 'from' ? 'from' : 'to'];
    return ['hours', 'mon', 'to'];
  }
  return [field.split('.')[0]!];
}
