/**
 * The social engine's fast clock for test servers: CAMPAIGN_TIME_SCALE (config.ts, refused in
 * the production environment) divides the waits that stand for the passing of time on the
 * network, so a journey watches an invitation accepted "after a day" within a minute, on the same
 * clock as the campaign's delays and trigger windows. At 1 (the default) every duration is the
 * real one, unchanged.
 *
 * What is scaled: the human gap between two actions of an account, the runner's re-checks of
 * waits nothing ends by itself, the back-off of actions the network asked to try later, how often
 * inboxes are read, and when the sandbox network's people accept and answer.
 *
 * What is not: working hours and the daily limits (the account's wall clock: a journey sets the
 * hours it needs, as a user does), and everything that guards exactly-once — claim and perform
 * leases, the pass budget, the sandbox inbox's look-back over commits — which measure real
 * workers and real transactions, not simulated time.
 */
import type { SandboxNetworkSettings } from './sandbox/network';

/** The scale to use: a finite number ≥ 1, else real time. */
export function timeScaleOf(scale: number | undefined): number {
  return scale !== undefined && Number.isFinite(scale) && scale >= 1 ? scale : 1;
}

/** `ms` on the scaled clock (whole milliseconds; exactly `ms` at scale 1). */
export function scaledMs(ms: number, scale: number): number {
  const factor = timeScaleOf(scale);
  return factor === 1 ? ms : Math.round(ms / factor);
}

/**
 * A period on the scaled clock, never below `floorMs`: a job chain may not tick faster than the
 * queue can run it (a 5-minute inbox poll at 1,440× would come every 208 ms). At scale 1 the
 * period is `ms` itself, whatever the floor.
 */
export function scaledPeriodMs(ms: number, scale: number, floorMs: number): number {
  const factor = timeScaleOf(scale);
  return factor === 1 ? ms : Math.max(floorMs, Math.round(ms / factor));
}

/** The sandbox network's delays (hours of acceptance and of answering) on the scaled clock. */
export function scaledSandboxNetwork(settings: SandboxNetworkSettings, scale: number): SandboxNetworkSettings {
  const factor = timeScaleOf(scale);
  if (factor === 1) return settings;
  const hours = (range: { min: number; max: number }) => ({ min: range.min / factor, max: range.max / factor });
  return { ...settings, acceptHours: hours(settings.acceptHours), replyHours: hours(settings.replyHours) };
}
