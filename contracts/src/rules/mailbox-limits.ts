/**
 * The most mail one mailbox may send a day on each plan (issue 13: "daily cap, default 30, a plan
 * maximum"). The free plan and the trial are kept low so a new account cannot burn a fresh domain
 * or be used for bulk mail before paying; paid plans get the large providers' own daily cap
 * (MAILBOX_DEFAULTS.dailyLimitMax). A plan that has ended counts as the free plan. The screens
 * offer this as the limit's maximum, the API refuses more (`mailbox_daily_limit_plan`), and the
 * sending scheduler caps every mailbox by its owner's plan when it sends, so a downgrade takes
 * effect at once without rewriting the mailboxes' own settings.
 */
import { FREE_PLAN_NAME, MAILBOX_DEFAULTS, TRIAL_PLAN_NAME } from '../constants';

export const MAILBOX_PLAN_DAILY_MAX: Readonly<Record<string, number>> = {
  [FREE_PLAN_NAME]: 50,
  [TRIAL_PLAN_NAME]: 200,
};

export function mailboxDailyMax(plan: { name: string; expired: boolean }): number {
  if (plan.expired) return MAILBOX_PLAN_DAILY_MAX[FREE_PLAN_NAME]!;
  return MAILBOX_PLAN_DAILY_MAX[plan.name] ?? MAILBOX_DEFAULTS.dailyLimitMax;
}
