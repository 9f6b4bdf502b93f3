/**
 * The email-accounts area's rules: connect (test first, then store the secret encrypted), edit,
 * pause, share with the team, delete (cancelling the mail still queued), the tracking domain's
 * CNAME, the DKIM key (dkim.ts), and mailbox OAuth. It never sees HTTP; its repository never sees rules. The engines
 * (sending, IMAP sync) read a mailbox's servers and secret through `connection()`.
 */
import {
  MAILBOX_DEFAULTS,
  MAIL_OAUTH_PROVIDERS,
  ONBOARDING_STEPS,
  canSeeTeamEmailAccounts,
  mailboxDailyMax,
  emailAccountSchema,
  sendingWindowSchema,
  type ConnectionStep,
  type ConnectionTestResult,
  type EmailAccount,
  type EmailAccountSettings,
  type EmailAccountStatus,
  type MailOAuthAvailability,
  type MailOAuthProviderName,
  type MailProvider,
  type MailSecurity,
  type MailServerInput,
  type TeamEmailAccount,
  createEmailAccountBodySchema,
  emailAccountCredentialsBodySchema,
  emailAccountDkimBodySchema,
  type EmailAccountDkimCheck,
  emailAccountListQuerySchema,
  mailOAuthCompleteBodySchema,
  testConnectionBodySchema,
} from '@leadforge/contracts';
import type { z } from 'zod';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/types';
import { sendingDay } from '../../engines/mail/outbound/limits';
import { CredentialDecryptError, type CredentialCipher } from '../../engines/mail/secrets/credentials';
import { DomainError } from '../../http/domain-error';
import type { BaseUrl } from '../../platform';
import { scopeOf, type Caller } from '../account/caller';
import type { GamificationService } from '../gamification/service';
import { ConnectionTester, type ServerAuth, type ServerTarget } from './connection-test';
import { credentialCipherFor, openCredentials, sealCredentials, type MailboxCredentials } from './credentials';
import { DkimRecordChecker, NO_DKIM_COLUMNS, dkimColumns, dkimViewOf, generateDkimKey, readDkimKey } from './dkim';
import {
  MailOAuthError,
  SandboxMailOAuthProvider,
  isValidOAuthState,
  mailOAuthProvidersFor,
  oauthRedirectUri,
  sealOAuthState,
  type MailOAuthProvider,
  type MailOAuthProviders,
} from './oauth-provider';
import * as repo from './repository';
import { sanitizeSignature } from './signature';
import { TrackingDomainChecker } from './tracking-domain';

type CreateBody = z.output<typeof createEmailAccountBodySchema>;
type CredentialsBody = z.output<typeof emailAccountCredentialsBodySchema>;
type TestBody = z.output<typeof testConnectionBodySchema>;
type ListQuery = z.output<typeof emailAccountListQuerySchema>;
type OAuthCompleteBody = z.output<typeof mailOAuthCompleteBodySchema>;
type DkimBody = z.output<typeof emailAccountDkimBodySchema>;

export interface EmailAccountsDeps {
  db: Db;
  config: AppConfig;
  baseUrl: BaseUrl;
  gamification: Pick<GamificationService, 'completeStepQuietly'>;
  /** Tests give their own; otherwise from the configuration (DATA_DIR key on first start). */
  cipher?: CredentialCipher;
  oauth?: MailOAuthProviders;
}

/** What an engine needs to reach a mailbox's servers, with a usable secret. */
export interface MailboxConnection {
  id: number;
  userId: number;
  accountId: number;
  email: string;
  senderName: string;
  provider: MailProvider;
  status: EmailAccountStatus;
  smtp: ServerTarget | null;
  imap: ServerTarget | null;
}

/** A mailbox the engines cannot use as it stands; `reason` is what its status says. */
export class MailboxUnavailableError extends Error {
  constructor(
    readonly mailboxId: number,
    readonly reason: 'not_found' | 'credentials_unreadable' | 'oauth_revoked',
  ) {
    super(`mailbox ${mailboxId} is unavailable: ${reason}`);
    this.name = 'MailboxUnavailableError';
  }
}

/** Refresh an OAuth access token this long before it expires. */
const TOKEN_REFRESH_MARGIN_MS = 2 * 60_000;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The input field a failing step points the form at. */
const STEP_FIELD: Record<ConnectionStep, string> = {
  dns: 'host',
  tcp: 'port',
  tls: 'security',
  smtp_auth: 'password',
  imap_login: 'password',
  imap_select: 'host',
};

function parsedWindow(value: unknown): EmailAccount['sendingWindow'] {
  if (value === null || value === undefined) return null;
  const parsed = sendingWindowSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function serverView(host: string | null, port: number | null, security: string | null, user: string | null): EmailAccount['smtp'] {
  if (!host || !port) return null;
  return { host, port, security: (security ?? 'tls') as MailSecurity, user: user ?? '' };
}

export function toEmailAccount(row: repo.EmailAccountRow, sentToday: number): EmailAccount {
  return emailAccountSchema.parse({
    id: row.id,
    email: row.email,
    senderName: row.senderName,
    provider: row.provider,
    preset: row.preset,
    status: row.status,
    statusReason: row.statusReason,
    statusChangedAt: iso(row.statusChangedAt),
    smtp: serverView(row.smtpHost, row.smtpPort, row.smtpSecurity, row.smtpUser),
    imap: serverView(row.imapHost, row.imapPort, row.imapSecurity, row.imapUser),
    dailyLimit: row.dailyLimit,
    sentToday,
    minGapSeconds: row.minGapSeconds,
    maxGapSeconds: row.maxGapSeconds,
    firstEmailDailyLimit: row.firstEmailDailyLimit,
    sendingWindow: parsedWindow(row.sendingWindow),
    signatureHtml: row.signatureHtml,
    replyTo: row.replyTo,
    trackingDomain: row.trackingDomain,
    trackingDomainVerifiedAt: iso(row.trackingDomainVerifiedAt),
    dkim: dkimViewOf(row),
    sharedWithTeam: row.sharedWithTeam,
    warmupEnabled: row.warmupEnabled,
    firstSyncDays: row.firstSyncDays,
    lastSentAt: iso(row.lastSentAt),
    createdAt: row.createdAt.toISOString(),
  });
}

/** The day a mailbox's "sent today" counts: its sending window's, UTC without one. */
function usageDay(row: repo.EmailAccountRow, now: Date): string {
  const window = parsedWindow(row.sendingWindow);
  return sendingDay(now, window?.timeZone ?? 'UTC').date;
}

export class EmailAccountsService {
  readonly cipher: CredentialCipher;
  readonly oauth: MailOAuthProviders;
  private readonly tester: ConnectionTester;
  private readonly trackingDomains: TrackingDomainChecker;
  private readonly dkimRecords: DkimRecordChecker;
  private readonly db: Db;

  constructor(private readonly deps: EmailAccountsDeps) {
    this.db = deps.db;
    this.cipher = deps.cipher ?? credentialCipherFor(deps.config);
    this.oauth = deps.oauth ?? mailOAuthProvidersFor(deps.config, this.cipher);
    const dnsServers = deps.config.dnsServers;
    this.tester = new ConnectionTester({ dnsServers, allowPrivate: deps.config.emailAccounts.allowPrivate });
    this.trackingDomains = new TrackingDomainChecker({ dnsServers, timeoutMs: MAILBOX_DEFAULTS.connectionStepTimeoutMs });
    this.dkimRecords = new DkimRecordChecker({ dnsServers, timeoutMs: MAILBOX_DEFAULTS.connectionStepTimeoutMs });
  }

  // ---------------------------------------------------------------- reads

  private async withSentToday(rows: repo.EmailAccountRow[]): Promise<Map<number, number>> {
    const now = new Date();
    return repo.sentOnDays(
      this.db,
      rows.map((row) => ({ emailAccountId: row.id, day: usageDay(row, now) })),
    );
  }

  private async view(row: repo.EmailAccountRow): Promise<EmailAccount> {
    const sent = await this.withSentToday([row]);
    return toEmailAccount(row, sent.get(row.id) ?? 0);
  }

  private async own(caller: Caller, id: number): Promise<repo.EmailAccountRow> {
    const row = await repo.findOwn(this.db, scopeOf(caller), id);
    if (!row) throw new DomainError('not_found');
    return row;
  }

  async list(caller: Caller, query: ListQuery) {
    const { rows, total } = await repo.listOwn(this.db, scopeOf(caller), query);
    const sent = await this.withSentToday(rows);
    return {
      items: rows.map((row) => toEmailAccount(row, sent.get(row.id) ?? 0)),
      total,
      page: query.page,
      perPage: query.perPage,
      dailyLimitMax: mailboxDailyMax(caller.plan),
    };
  }

  async get(caller: Caller, id: number): Promise<EmailAccount> {
    return this.view(await this.own(caller, id));
  }

  async usage(caller: Caller, id: number) {
    const row = await this.own(caller, id);
    const [queued, account] = await Promise.all([repo.queuedOutbound(this.db, scopeOf(caller), row.id), this.view(row)]);
    return { queuedMessages: queued.messages, campaigns: queued.campaigns, sentToday: account.sentToday, dailyLimit: account.dailyLimit };
  }

  /** The team's shared mailboxes (document 1 §4); a solo user has none. */
  async team(caller: Caller): Promise<TeamEmailAccount[]> {
    if (!canSeeTeamEmailAccounts(caller.team)) return [];
    const rows = await repo.sharedWithTeam(this.db, scopeOf(caller));
    const sent = await this.withSentToday(rows.map((row) => row.account));
    return rows.map(({ account, ownerName, ownerEmail }) => ({
      id: account.id,
      email: account.email,
      senderName: account.senderName,
      provider: account.provider as MailProvider,
      status: account.status as EmailAccountStatus,
      statusReason: account.statusReason,
      dailyLimit: account.dailyLimit,
      sentToday: sent.get(account.id) ?? 0,
      warmupEnabled: account.warmupEnabled,
      owner: { id: account.userId, name: ownerName || ownerEmail },
      isOwn: account.userId === caller.userId,
    }));
  }

  // ---------------------------------------------------------------- connecting

  private target(server: MailServerInput, email: string, auth: ServerAuth): ServerTarget {
    return { host: server.host, port: server.port, security: server.security, user: server.user ?? email, auth };
  }

  /** Tests both servers and throws the first failing step's key, pointing at the form field. */
  private async assertConnects(smtp: ServerTarget, imap: ServerTarget): Promise<void> {
    const result = await this.tester.test({ smtp, imap });
    if (result.failed?.errorKey) {
      throw new DomainError(result.failed.errorKey, { field: `${result.failed.server}.${STEP_FIELD[result.failed.step]}` });
    }
  }

  private serverColumns(smtp: MailServerInput, imap: MailServerInput, email: string) {
    return {
      smtpHost: smtp.host,
      smtpPort: smtp.port,
      smtpSecurity: smtp.security,
      smtpUser: smtp.user ?? email,
      imapHost: imap.host,
      imapPort: imap.port,
      imapSecurity: imap.security,
      imapUser: imap.user ?? email,
    };
  }

  private settingsColumns(caller: Caller, settings: EmailAccountSettings): repo.EmailAccountChanges {
    const changes: repo.EmailAccountChanges = {};
    // The plan's maximum; the sending scheduler also caps by the plan at send time (a downgrade).
    const dailyMax = mailboxDailyMax(caller.plan);
    if (settings.dailyLimit !== undefined && settings.dailyLimit > dailyMax) throw new DomainError('mailbox_daily_limit_plan', { field: 'dailyLimit' });
    if ((settings.firstEmailDailyLimit ?? 0) > dailyMax) throw new DomainError('mailbox_daily_limit_plan', { field: 'firstEmailDailyLimit' });
    if (settings.senderName !== undefined) changes.senderName = settings.senderName;
    if (settings.dailyLimit !== undefined) changes.dailyLimit = settings.dailyLimit;
    if (settings.minGapSeconds !== undefined) changes.minGapSeconds = settings.minGapSeconds;
    if (settings.maxGapSeconds !== undefined) changes.maxGapSeconds = settings.maxGapSeconds;
    if (settings.firstEmailDailyLimit !== undefined) changes.firstEmailDailyLimit = settings.firstEmailDailyLimit;
    if (settings.sendingWindow !== undefined) changes.sendingWindow = settings.sendingWindow;
    if (settings.signatureHtml !== undefined) changes.signatureHtml = sanitizeSignature(settings.signatureHtml);
    if (settings.replyTo !== undefined) changes.replyTo = settings.replyTo;
    if (settings.trackingDomain !== undefined) {
      if (settings.trackingDomain !== null && settings.trackingDomain === this.publicHost()) {
        throw new DomainError('tracking_domain_invalid', { field: 'trackingDomain' });
      }
      changes.trackingDomain = settings.trackingDomain;
    }
    if (settings.firstSyncDays !== undefined) changes.firstSyncDays = settings.firstSyncDays;
    return changes;
  }

  private publicHost(): string {
    return new URL(this.deps.baseUrl()).hostname.toLowerCase();
  }

  async create(caller: Caller, body: CreateBody): Promise<EmailAccount> {
    const scope = scopeOf(caller);
    if (await repo.findOwnByEmail(this.db, scope, body.email)) throw new DomainError('email_account_exists', { field: 'email' });
    const smtpPassword = body.smtp.password;
    const imapPassword = body.imap.password ?? smtpPassword;
    await this.assertConnects(
      this.target(body.smtp, body.email, { pass: smtpPassword }),
      this.target(body.imap, body.email, { pass: imapPassword }),
    );
    const { smtp, imap, email, preset, ...settings } = body;
    const row = await this.db.transaction(async (tx) => {
      const inserted = await repo.insertOwn(tx, scope, {
        email,
        provider: 'smtp',
        preset: preset ?? null,
        status: 'active',
        statusChangedAt: new Date(),
        ...this.serverColumns(smtp, imap, email),
        ...this.settingsColumns(caller, settings),
      });
      if (!inserted) throw new DomainError('email_account_exists', { field: 'email' });
      // The ciphertext is bound to the row's id, which exists only now.
      const credentials = sealCredentials(this.cipher, inserted.id, { smtpPassword, imapPassword });
      return (await repo.updateOwn(tx, scope, inserted.id, { credentials }))!;
    });
    await this.deps.gamification.completeStepQuietly(caller, ONBOARDING_STEPS.addEmailAccount);
    return this.view(row);
  }

  private saved(row: repo.EmailAccountRow): MailboxCredentials {
    if (!row.credentials) return {};
    try {
      return openCredentials(this.cipher, row.id, row.credentials);
    } catch (error) {
      if (error instanceof CredentialDecryptError) throw new DomainError('mail_credentials_unreadable');
      throw error;
    }
  }

  /**
   * A saved server of a mailbox, with the secret it signs in with: its password, or its OAuth
   * access token (refreshed when about to expire).
   */
  private async savedTarget(row: repo.EmailAccountRow, kind: 'smtp' | 'imap', credentials: MailboxCredentials): Promise<ServerTarget | null> {
    const host = kind === 'smtp' ? row.smtpHost : row.imapHost;
    const port = kind === 'smtp' ? row.smtpPort : row.imapPort;
    if (!host || !port) return null;
    const auth = row.provider === 'smtp' ? { pass: (kind === 'smtp' ? credentials.smtpPassword : credentials.imapPassword) ?? '' } : { accessToken: await this.accessToken(row, credentials) };
    return {
      host,
      port,
      security: ((kind === 'smtp' ? row.smtpSecurity : row.imapSecurity) ?? 'tls') as MailSecurity,
      user: (kind === 'smtp' ? row.smtpUser : row.imapUser) ?? row.email,
      auth,
    };
  }

  /**
   * A server of the test: as typed, with the saved secret only when the saved mailbox is asked
   * about and the server is still the saved one (a saved password never goes to a new host).
   */
  private testTarget(
    typed: MailServerInput | undefined,
    saved: ServerTarget | null,
    email: string,
    fallbackPassword: string | undefined,
    kind: 'smtp' | 'imap',
  ): ServerTarget {
    if (!typed) {
      if (!saved) throw new DomainError('field_required', { field: kind });
      return saved;
    }
    if (typed.password !== undefined) return this.target(typed, email, { pass: typed.password });
    if (saved && saved.host === typed.host && saved.port === typed.port) return this.target(typed, email, saved.auth);
    if (fallbackPassword !== undefined) return this.target(typed, email, { pass: fallbackPassword });
    throw new DomainError('field_required', { field: `${kind}.password` });
  }

  async testConnection(caller: Caller, body: TestBody): Promise<ConnectionTestResult> {
    let row: repo.EmailAccountRow | undefined;
    let smtpSaved: ServerTarget | null = null;
    let imapSaved: ServerTarget | null = null;
    if (body.emailAccountId !== undefined) {
      row = await this.own(caller, body.emailAccountId);
      const credentials = this.saved(row);
      try {
        smtpSaved = await this.savedTarget(row, 'smtp', credentials);
        imapSaved = await this.savedTarget(row, 'imap', credentials);
      } catch (error) {
        if (error instanceof MailboxUnavailableError) throw new DomainError('email_account_needs_reconnect');
        throw error;
      }
    }
    const email = body.email ?? row?.email;
    if (!email) throw new DomainError('field_required', { field: 'email' });
    const smtp = this.testTarget(body.smtp, smtpSaved, email, undefined, 'smtp');
    const imap = this.testTarget(body.imap, imapSaved, email, body.smtp?.password, 'imap');
    return this.tester.test({ smtp, imap });
  }

  async updateCredentials(caller: Caller, id: number, body: CredentialsBody): Promise<EmailAccount> {
    const scope = scopeOf(caller);
    const row = await this.own(caller, id);
    const smtpPassword = body.smtp.password;
    const imapPassword = body.imap.password ?? smtpPassword;
    await this.assertConnects(this.target(body.smtp, row.email, { pass: smtpPassword }), this.target(body.imap, row.email, { pass: imapPassword }));
    const updated = await repo.updateOwn(this.db, scope, row.id, {
      provider: 'smtp',
      preset: body.preset ?? row.preset,
      ...this.serverColumns(body.smtp, body.imap, row.email),
      credentials: sealCredentials(this.cipher, row.id, { smtpPassword, imapPassword }),
      // A reconnected mailbox works again, unless its owner had paused it.
      ...(row.status === 'paused' ? {} : { status: 'active', statusReason: null, statusChangedAt: new Date() }),
    });
    if (!updated) throw new DomainError('not_found');
    return this.view(updated);
  }

  // ---------------------------------------------------------------- settings and state

  async updateSettings(caller: Caller, id: number, settings: EmailAccountSettings): Promise<EmailAccount> {
    const row = await this.own(caller, id);
    const min = settings.minGapSeconds ?? row.minGapSeconds;
    const max = settings.maxGapSeconds ?? row.maxGapSeconds;
    if (min > max) throw new DomainError('field_invalid', { field: settings.maxGapSeconds !== undefined ? 'maxGapSeconds' : 'minGapSeconds' });
    const changes = this.settingsColumns(caller, settings);
    // A new tracking domain is unverified until its CNAME is checked again.
    if (changes.trackingDomain !== undefined && changes.trackingDomain !== row.trackingDomain) changes.trackingDomainVerifiedAt = null;
    const updated = await repo.updateOwn(this.db, scopeOf(caller), row.id, changes);
    if (!updated) throw new DomainError('not_found');
    return this.view(updated);
  }

  async setStatus(caller: Caller, id: number, status: 'active' | 'paused'): Promise<EmailAccount> {
    const row = await this.own(caller, id);
    if (status === 'active' && row.status === 'reconnect') throw new DomainError('email_account_needs_reconnect');
    if (row.status === status) return this.view(row);
    const updated = await repo.updateOwn(this.db, scopeOf(caller), row.id, { status, statusReason: null, statusChangedAt: new Date() });
    if (!updated) throw new DomainError('not_found');
    return this.view(updated);
  }

  async setTeamwork(caller: Caller, id: number, shared: boolean): Promise<EmailAccount> {
    const row = await this.own(caller, id);
    const updated = row.sharedWithTeam === shared ? row : await repo.updateOwn(this.db, scopeOf(caller), row.id, { sharedWithTeam: shared });
    if (!updated) throw new DomainError('not_found');
    return this.view(updated);
  }

  /** Deletes the mailbox and cancels what it still had to send; answers how many messages. */
  async remove(caller: Caller, id: number): Promise<number> {
    const scope = scopeOf(caller);
    return this.db.transaction(async (tx) => {
      const now = new Date();
      if (!(await repo.softDeleteOwn(tx, scope, id, now))) throw new DomainError('not_found');
      return repo.cancelQueuedOutbound(tx, scope, id, 'mailbox_deleted', now);
    });
  }

  async checkTrackingDomain(caller: Caller, id: number) {
    const row = await this.own(caller, id);
    if (!row.trackingDomain) throw new DomainError('tracking_domain_missing', { field: 'trackingDomain' });
    const target = this.publicHost();
    const finding = await this.trackingDomains.check(row.trackingDomain, target);
    const verifiedAt = finding.verified ? (row.trackingDomainVerifiedAt ?? new Date()) : null;
    if (iso(verifiedAt) !== iso(row.trackingDomainVerifiedAt)) {
      await repo.updateOwn(this.db, scopeOf(caller), row.id, { trackingDomainVerifiedAt: verifiedAt });
    }
    return { domain: row.trackingDomain, target, verified: finding.verified, verifiedAt: iso(verifiedAt), found: finding.found, errorKey: finding.errorKey };
  }

  // ---------------------------------------------------------------- DKIM

  /** Sets the mailbox's DKIM key (the pasted one, or a new pair); the engine signs with it from the next message on. */
  async setDkim(caller: Caller, id: number, body: DkimBody): Promise<EmailAccount> {
    const row = await this.own(caller, id);
    const key = body.privateKey === undefined ? await generateDkimKey() : readDkimKey(body.privateKey);
    if (!key) throw new DomainError('dkim_key_invalid', { field: 'privateKey' });
    const updated = await repo.updateOwn(this.db, scopeOf(caller), row.id, dkimColumns(this.cipher, row.id, body.selector, key));
    if (!updated) throw new DomainError('not_found');
    return this.view(updated);
  }

  async removeDkim(caller: Caller, id: number): Promise<EmailAccount> {
    const row = await this.own(caller, id);
    const updated = row.dkimSelector === null && row.dkimPrivateKey === null ? row : await repo.updateOwn(this.db, scopeOf(caller), row.id, NO_DKIM_COLUMNS);
    if (!updated) throw new DomainError('not_found');
    return this.view(updated);
  }

  /** Looks up the DKIM record and records the key verified while the published public key is the mailbox's. */
  async checkDkim(caller: Caller, id: number): Promise<EmailAccountDkimCheck> {
    const row = await this.own(caller, id);
    const dkim = dkimViewOf(row);
    if (!dkim || !row.dkimPublicKey) throw new DomainError('dkim_key_missing');
    const finding = await this.dkimRecords.check(dkim.record.name, row.dkimPublicKey);
    let verifiedAt = finding.verified ? (row.dkimVerifiedAt ?? new Date()) : null;
    if (iso(verifiedAt) !== iso(row.dkimVerifiedAt)) {
      const updated = await repo.setDkimVerifiedOwn(this.db, scopeOf(caller), row.id, row.dkimPublicKey, verifiedAt);
      // The key was replaced or removed during the lookup: the finding was about a key that is gone.
      if (!updated) throw new DomainError('conflict');
      verifiedAt = updated.dkimVerifiedAt;
    }
    return { dkim: { ...dkim, verifiedAt: iso(verifiedAt) }, verified: finding.verified, found: finding.found, errorKey: finding.errorKey };
  }

  // ---------------------------------------------------------------- OAuth

  oauthOptions(): Record<MailOAuthProviderName, MailOAuthAvailability> {
    const availability = (provider: MailOAuthProvider | null): MailOAuthAvailability =>
      provider === null ? 'off' : provider.label === 'sandbox' ? 'sandbox' : 'provider';
    return { google: availability(this.oauth.google), microsoft: availability(this.oauth.microsoft) };
  }

  private oauthProvider(name: MailOAuthProviderName): MailOAuthProvider {
    const provider = this.oauth[name];
    if (!provider) throw new DomainError('mail_oauth_unavailable');
    return provider;
  }

  /** The sandbox standing in for a provider (its consent page); unavailable otherwise. */
  sandbox(name: MailOAuthProviderName): SandboxMailOAuthProvider {
    const provider = this.oauth[name];
    if (!(provider instanceof SandboxMailOAuthProvider)) throw new DomainError('mail_oauth_unavailable');
    return provider;
  }

  /** The consent URL of the provider, with a state sealed for this session. */
  oauthStartUrl(sessionId: string, name: MailOAuthProviderName): string {
    const provider = this.oauthProvider(name);
    return provider.authorizationUrl(sealOAuthState(this.cipher, name, sessionId), oauthRedirectUri(this.deps.baseUrl(), name));
  }

  async oauthComplete(caller: Caller, sessionId: string, body: OAuthCompleteBody): Promise<{ account: EmailAccount; created: boolean }> {
    const provider = this.oauthProvider(body.provider);
    if (!isValidOAuthState(this.cipher, body.state, body.provider, sessionId)) throw new DomainError('mail_oauth_failed');
    let grant;
    try {
      grant = await provider.exchange(body.code, oauthRedirectUri(this.deps.baseUrl(), body.provider));
    } catch (error) {
      if (error instanceof MailOAuthError || error instanceof TypeError || (error as Error).name === 'TimeoutError') throw new DomainError('mail_oauth_failed');
      throw error;
    }
    const scope = scopeOf(caller);
    const servers = provider.servers;
    const columns = {
      provider: provider.label,
      preset: servers ? (body.provider === 'google' ? 'gmail' : 'outlook') : null,
      smtpHost: servers?.smtp.host ?? null,
      smtpPort: servers?.smtp.port ?? null,
      smtpSecurity: servers?.smtp.security ?? null,
      smtpUser: servers ? grant.email : null,
      imapHost: servers?.imap.host ?? null,
      imapPort: servers?.imap.port ?? null,
      imapSecurity: servers?.imap.security ?? null,
      imapUser: servers ? grant.email : null,
    };
    const existing = await repo.findOwnByEmail(this.db, scope, grant.email);
    if (existing) {
      const previous = existing.provider === provider.label ? this.savedOrEmpty(existing) : {};
      const updated = await repo.updateOwn(this.db, scope, existing.id, {
        ...columns,
        credentials: sealCredentials(this.cipher, existing.id, {
          accessToken: grant.accessToken,
          ...((grant.refreshToken ?? previous.refreshToken) ? { refreshToken: grant.refreshToken ?? previous.refreshToken } : {}),
          ...(grant.expiresAt ? { expiresAt: grant.expiresAt } : {}),
        }),
        ...(existing.status === 'paused' ? {} : { status: 'active', statusReason: null, statusChangedAt: new Date() }),
      });
      return { account: await this.view(updated!), created: false };
    }
    const row = await this.db.transaction(async (tx) => {
      const inserted = await repo.insertOwn(tx, scope, { email: grant.email, senderName: grant.name ?? '', status: 'active', statusChangedAt: new Date(), ...columns });
      if (!inserted) throw new DomainError('email_account_exists', { field: 'email' });
      const credentials = sealCredentials(this.cipher, inserted.id, {
        accessToken: grant.accessToken,
        ...(grant.refreshToken ? { refreshToken: grant.refreshToken } : {}),
        ...(grant.expiresAt ? { expiresAt: grant.expiresAt } : {}),
      });
      return (await repo.updateOwn(tx, scope, inserted.id, { credentials }))!;
    });
    await this.deps.gamification.completeStepQuietly(caller, ONBOARDING_STEPS.addEmailAccount);
    return { account: await this.view(row), created: true };
  }

  private savedOrEmpty(row: repo.EmailAccountRow): MailboxCredentials {
    try {
      return row.credentials ? openCredentials(this.cipher, row.id, row.credentials) : {};
    } catch {
      return {};
    }
  }

  /**
   * The mailbox's OAuth access token, refreshed (and the new one stored) when it expires within
   * two minutes. A refusal by the provider puts the mailbox in `reconnect`.
   */
  private async accessToken(row: repo.EmailAccountRow, credentials: MailboxCredentials): Promise<string> {
    const fresh = credentials.accessToken && (!credentials.expiresAt || credentials.expiresAt - Date.now() > TOKEN_REFRESH_MARGIN_MS);
    if (fresh) return credentials.accessToken!;
    const provider = (MAIL_OAUTH_PROVIDERS as readonly string[]).includes(row.provider)
      ? this.oauth[row.provider as MailOAuthProviderName]
      : row.provider === 'sandbox'
        ? (Object.values(this.oauth).find((candidate) => candidate?.label === 'sandbox') ?? null)
        : null;
    if (!credentials.refreshToken || !provider || provider.label !== row.provider) {
      await repo.updateForEngine(this.db, row.id, { status: 'reconnect', statusReason: 'oauth_revoked', statusChangedAt: new Date() });
      throw new MailboxUnavailableError(row.id, 'oauth_revoked');
    }
    try {
      const tokens = await provider.refresh(credentials.refreshToken);
      const next: MailboxCredentials = {
        ...credentials,
        accessToken: tokens.accessToken,
        ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
        ...(tokens.expiresAt ? { expiresAt: tokens.expiresAt } : {}),
      };
      await repo.updateForEngine(this.db, row.id, { credentials: sealCredentials(this.cipher, row.id, next) });
      return tokens.accessToken;
    } catch (error) {
      if (!(error instanceof MailOAuthError)) throw error;
      await repo.updateForEngine(this.db, row.id, { status: 'reconnect', statusReason: 'oauth_revoked', statusChangedAt: new Date() });
      throw new MailboxUnavailableError(row.id, 'oauth_revoked');
    }
  }

  // ---------------------------------------------------------------- for the engines

  /**
   * A live mailbox's servers with a usable secret, for the sending engine and the IMAP sync.
   * Throws MailboxUnavailableError (and sets the mailbox's status) when the secret cannot be
   * read or an OAuth grant was revoked.
   */
  async connection(mailboxId: number): Promise<MailboxConnection> {
    const row = await repo.findLiveForEngine(this.db, mailboxId);
    if (!row) throw new MailboxUnavailableError(mailboxId, 'not_found');
    let credentials: MailboxCredentials;
    try {
      credentials = row.credentials ? openCredentials(this.cipher, row.id, row.credentials) : {};
    } catch (error) {
      if (!(error instanceof CredentialDecryptError)) throw error;
      await this.markStatus(row.id, 'reconnect', 'credentials_unreadable');
      throw new MailboxUnavailableError(row.id, 'credentials_unreadable');
    }
    return {
      id: row.id,
      userId: row.userId,
      accountId: row.accountId,
      email: row.email,
      senderName: row.senderName,
      provider: row.provider as MailProvider,
      status: row.status as EmailAccountStatus,
      smtp: await this.savedTarget(row, 'smtp', credentials),
      imap: await this.savedTarget(row, 'imap', credentials),
    };
  }

  /** What an engine found: `error` (retried) or `reconnect` (only new credentials help), with a reason of EMAIL_ACCOUNT_REASON_KEYS. */
  async markStatus(mailboxId: number, status: Exclude<EmailAccountStatus, 'paused'>, reason: string | null): Promise<void> {
    await repo.updateForEngine(this.db, mailboxId, { status, statusReason: reason, statusChangedAt: new Date() });
  }
}
