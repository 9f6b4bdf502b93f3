/**
 * The LinkedIn action runner (issue 14): performs every LinkedIn action through the account's
 * SocialNetworkProvider within the account's limits, working hours, gaps and pending-invitation
 * limit, exactly once or visibly unknown, durable on the job queue; reads each active account's
 * inbox; queues warm-up actions. See runner.ts for the state machine, schedule.ts for the pacing,
 * jobs.ts for the durable jobs.
 *
 * Wiring (linkedin-accounts area, modules/linkedin-accounts/actions/area-part.ts): the service
 * `services.linkedinRunner` (one runner per process and database, shared by the API's handlers,
 * its embedded workers and the worker process's jobs), its jobs, and its queue user (the start-up
 * kick of the chains).
 *
 * For other areas (campaigns, issue 15; the unibox):
 *
 *   services.linkedinRunner.enqueue({ owner, linkedinAccountId, action, profileUrl, content,
 *     origin: 'campaign', campaign: { campaignId, recipientId, step } })
 *       — idempotent per (campaign, recipient, step): a repeated call answers the same action.
 *
 *   services.linkedinRunner.onOutcome((event) => …)
 *       — once per final outcome of an action: `done` (like, follow, invite sent, message or
 *         InMail sent — with `messageId` of the stored message), `failed` (with the error key),
 *         `unknown` (the worker stopped while the network was asked; failed, never repeated).
 *         Retries and waits for a reconnect are not outcomes.
 *
 *   services.linkedinRunner.onInbound((event) => …)
 *       — once per `invite_accepted` (the recipient's "invite accepted" value, a trigger) and per
 *         `reply` (message reply or InMail reply, stored in linkedin_messages: a LinkedIn thread
 *         of the unibox), with the campaign and recipient of the latest campaign action towards
 *         that profile when there is one.
 *
 * Listeners run in the process that performed the action or read the inbox (the API process with
 * embedded workers, or the worker process, which builds the same services — so an area that
 * subscribes while its services are built hears every event wherever the job ran). A listener
 * that throws is logged and does not stop the runner; an event is emitted after its row is
 * committed, so a listener may read it.
 */
export {
  LinkedinRunner,
  canonicalProfileUrl,
  retryDelayMs,
  warmupPeople,
  type EnqueueRequest,
  type EnqueueResult,
  type InboundListener,
  type LinkedinInboundEvent,
  type LinkedinOutcomeEvent,
  type LinkedinRunnerOptions,
  type OutcomeListener,
  type PassReport,
  type ProfileReadResult,
  type RunnerLogger,
  type SessionOpener,
} from './runner';
export { decideAction, effectiveLimitsOf, gapAfter, localDayOf, recheckMs, type ActionOrigin, type PacedAccount, type PacingDecision } from './schedule';
export {
  INBOX_POLL_MS,
  inboxPollMs,
  RUNNER_DISPATCH_JOB,
  RUNNER_INBOX_JOB,
  RUNNER_WARMUP_JOB,
  WARMUP_TICK_MS,
  runnerJobsFor,
  scheduleNextDispatch,
  startRunnerChains,
  wireRunnerQueue,
} from './jobs';
export type { ActionRow, RunnerAccountRow } from './repository';
export { releaseVisit, reserveVisit, type VisitReservation } from './profile-reads';
