/**
 * The IMAP sync of the mail engine (issue 13, inbound): replies, bounces and auto-replies read back
 * from every active mailbox, stored once, classified, and announced.
 *
 * Wiring (mail-engine area): `jobs` registers `registerInboundJobs`; `services` adds
 * `inboundSync: createInboundSyncService(deps)` and `queueUsers` lists it, which queues the
 * sessions when the queue starts. Other areas subscribe with `services.inboundSync.onInbound(…)`.
 */
import type { AreaDeps } from '../../../../platform';
import { inboundSyncFor, type InboundSync } from './engine';

export { createInboundSync, inboundSyncFor, backoffMs, type InboundSync, type InboundSyncDeps } from './engine';
export { registerInboundJobs, inboundJobsFor } from './jobs';
export { INBOUND_SESSION_JOB, ensureSessionJobs, slotAt, slotEnd, type SessionJobData } from './scheduling';
export { credentialReader, emailAccountsReader } from './credentials';
export { CredentialKeyUnavailableError, HostNotAllowedError, MissingCredentialsError } from './errors';
export { classifyConnectError } from './imap-client';
export { sanitiseInboundHtml } from './sanitise-html';
export { syntheticMessageId, SYNTHETIC_ID_DOMAIN } from './message-source';
export * as inboundSyncConstants from './constants';
export type {
  CredentialReader,
  ImapSecrets,
  ImapStatusReason,
  InboundListener,
  InboundMailEvent,
  SyncMailbox,
  SyncReport,
} from './types';

/** The service factory for the area's `services`: this process's engine (the same one its jobs run). */
export function createInboundSyncService(deps: Pick<AreaDeps, 'db' | 'config' | 'push'>): InboundSync {
  return inboundSyncFor({ db: deps.db, config: deps.config, push: deps.push });
}
