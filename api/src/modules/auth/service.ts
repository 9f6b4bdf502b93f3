/**
 * Accounts and security: register, login, 2FA (TOTP + recovery codes, a code is accepted once),
 * forgot/reset, change password, sessions, Google sign-in. HTTP concerns (cookies, redirects)
 * stay in routes.ts; this file only sees plain inputs and answers tokens or domain errors.
 */
import { AUTH_LIMITS, IDENTITY_LINK_PARAM, ONBOARDING_STEPS, fromApiLocale, type ApiLocale, type Locale } from '@leadforge/contracts';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { Db } from '../../db/types';
import { DomainError } from '../../http/domain-error';
import { randomCode, randomToken, sha256 } from '../../lib/crypto';
import { dummyPasswordHash, hashPassword, isWeakPassword, verifyPassword } from '../../lib/passwords';
import type { BaseUrl, PushSink } from '../../platform';
import { callerForUser } from '../account/caller';
import * as accountRepo from '../account/repository';
import { TRIAL_DURATION_MS } from '../account/plan-rules';
import type { GamificationService } from '../gamification/service';
import { renderMail } from '../mail/templates';
import type { MailService } from '../mail/service';
import type { TeamService } from '../team/service';
import type { IdentityProfile, IdentityProvider } from './identity-provider';
import type { RateLimiter } from './rate-limiter';
import * as repo from './repository';
import type { ActiveSession, SessionService } from './sessions';

const TOTP_PERIOD = 30;
const TOTP_ISSUER = 'Leadforge';

export interface ClientMeta {
  ip: string;
  userAgent: string | undefined;
  locale: Locale;
}

export interface SignedIn {
  token: string;
  session: ActiveSession;
}

function totpFor(secret: string, label: string) {
  return new OTPAuth.TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

const normalizeRecoveryCode = (code: string) => code.replace(/-/g, '').toUpperCase();

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly limiter: RateLimiter,
    private readonly teams: TeamService,
    private readonly gamification: GamificationService,
    private readonly mail: MailService,
    private readonly push: PushSink,
    private readonly baseUrl: BaseUrl,
    readonly identity: IdentityProvider | null,
    private readonly signupCredits: number,
  ) {}

  private async startSession(userId: number, meta: ClientMeta, twoFactorPending: boolean): Promise<SignedIn> {
    const { token, session } = await this.sessions.create({ userId, twoFactorPending, ip: meta.ip, userAgent: meta.userAgent });
    const lookup = await this.sessions.lookup(token);
    if (lookup.state !== 'valid') throw new Error(`new session ${session.id} is not valid`);
    return { token, session: lookup.session };
  }

  private async twoFactorEnabled(userId: number) {
    const record = await repo.findTwoFactor(this.db, userId);
    return record?.enabledAt ? record : undefined;
  }

  // ---------------------------------------------------------------- register / login

  async register(
    input: { name: string; email: string; password: string; teamCode?: string | undefined; locale?: ApiLocale | undefined },
    meta: ClientMeta,
  ): Promise<SignedIn> {
    await this.limiter.consume('register', [`ip:${meta.ip}`]);
    if (isWeakPassword(input.password, input.email, input.name)) throw new DomainError('weak_password', { field: 'password' });
    // A wrong team code is refused before anything is created.
    if (input.teamCode) await this.teams.checkCode(input.teamCode);
    if (await accountRepo.findUserByEmail(this.db, input.email)) throw new DomainError('email_taken', { field: 'email' });
    const passwordHash = await hashPassword(input.password);
    let user: accountRepo.UserRow;
    try {
      user = await this.db.transaction((tx) =>
        accountRepo.insertAccountWithUser(tx, {
          email: input.email,
          name: input.name,
          passwordHash,
          locale: input.locale ?? (meta.locale === 'uk' ? 'ua' : meta.locale),
          trialEndsAt: new Date(Date.now() + TRIAL_DURATION_MS),
          startingCredits: this.signupCredits,
        }),
      );
    } catch (error) {
      // Two registrations racing for one address: the unique index decides.
      if (await accountRepo.findUserByEmail(this.db, input.email)) throw new DomainError('email_taken', { field: 'email' });
      throw error;
    }
    await this.gamification.completeStepQuietly(user.id, ONBOARDING_STEPS.signUp);
    // No request of the new user exists yet: their caller is read to join the team as them.
    if (input.teamCode) await this.teams.accept(await callerForUser(this.db, user.id), input.teamCode);
    return this.startSession(user.id, meta, false);
  }

  async login(input: { email: string; password: string }, meta: ClientMeta): Promise<SignedIn> {
    // Per (account, IP) pair: failures from one address never lock the owner out of theirs.
    const pair = `pair:${input.email}|${meta.ip}`;
    const keys = [pair, `ip:${meta.ip}`];
    await this.limiter.assertAllowed('login', keys);
    const user = await accountRepo.findUserByEmail(this.db, input.email);
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
    if (!user || !ok || !user.passwordHash) {
      await this.limiter.hit('login', keys);
      throw new DomainError('invalid_credentials');
    }
    await this.limiter.reset('login', pair);
    return this.startSession(user.id, meta, Boolean(await this.twoFactorEnabled(user.id)));
  }

  // ---------------------------------------------------------------- two-factor

  async verifySecondFactor(session: ActiveSession, code: string, meta: ClientMeta): Promise<SignedIn> {
    const keys = [`user:${session.userId}`, `ip:${meta.ip}`];
    await this.limiter.assertAllowed('twoFactor', keys);
    const record = await this.twoFactorEnabled(session.userId);
    if (!record) throw new DomainError('two_factor_not_enabled');
    try {
      await this.checkCode(session.userId, record.secret, code, true);
    } catch (error) {
      if (error instanceof DomainError && error.items[0]?.key === 'two_factor_invalid_code') await this.limiter.hit('twoFactor', keys);
      throw error;
    }
    await this.limiter.reset('twoFactor', `user:${session.userId}`);
    // A fresh token once the second factor is done: the pending one is never promoted.
    await this.sessions.revoke(session.id);
    return this.startSession(session.userId, meta, false);
  }

  /** Accepts a TOTP of the current window (±1 step) once, or an unused recovery code. */
  private async checkCode(userId: number, secret: string, code: string, allowRecovery: boolean) {
    const user = await accountRepo.findUserById(this.db, userId);
    if (/^\d{6}$/.test(code)) {
      const delta = totpFor(secret, user?.email ?? '').validate({ token: code, window: 1 });
      if (delta === null) throw new DomainError('two_factor_invalid_code', { field: 'code' });
      const step = Math.floor(Date.now() / 1000 / TOTP_PERIOD) + delta;
      if (!(await repo.claimTotpStep(this.db, userId, step))) throw new DomainError('two_factor_code_used', { field: 'code' });
      return;
    }
    if (!allowRecovery) throw new DomainError('two_factor_invalid_code', { field: 'code' });
    const recovery = await repo.findRecoveryCode(this.db, userId, sha256(normalizeRecoveryCode(code)));
    if (!recovery) throw new DomainError('two_factor_invalid_code', { field: 'code' });
    if (recovery.usedAt || !(await repo.consumeRecoveryCode(this.db, recovery.id, new Date()))) {
      throw new DomainError('two_factor_code_used', { field: 'code' });
    }
  }

  async setupTwoFactor(session: ActiveSession) {
    const { userId } = session;
    if (await this.twoFactorEnabled(userId)) throw new DomainError('two_factor_already_enabled');
    const user = (await accountRepo.findUserById(this.db, userId))!;
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    await repo.upsertPendingTwoFactor(this.db, userId, secret);
    const otpauthUrl = totpFor(secret, user.email).toString();
    return { secret, otpauthUrl, qrDataUrl: await QRCode.toDataURL(otpauthUrl) };
  }

  async enableTwoFactor(session: ActiveSession, code: string) {
    const { userId } = session;
    const record = await repo.findTwoFactor(this.db, userId);
    if (record?.enabledAt) throw new DomainError('two_factor_already_enabled');
    if (!record) throw new DomainError('two_factor_invalid_code', { field: 'code' });
    const user = (await accountRepo.findUserById(this.db, userId))!;
    const delta = totpFor(record.secret, user.email).validate({ token: code, window: 1 });
    if (delta === null) throw new DomainError('two_factor_invalid_code', { field: 'code' });
    const step = Math.floor(Date.now() / 1000 / TOTP_PERIOD) + delta;
    const recoveryCodes = Array.from({ length: AUTH_LIMITS.recoveryCodes }, () => {
      const raw = randomCode(8);
      return `${raw.slice(0, 4)}-${raw.slice(4)}`;
    });
    // The enabling code's step is recorded as used, so it cannot also complete a sign-in.
    await this.db.transaction((tx) =>
      repo.enableTwoFactor(tx, userId, step, new Date(), recoveryCodes.map((c) => sha256(normalizeRecoveryCode(c)))),
    );
    this.push.emitToUser(userId, { type: 'account.changed', payload: { what: 'security' } });
    return { recoveryCodes };
  }

  async disableTwoFactor(session: ActiveSession, password: string) {
    const { userId } = session;
    const user = (await accountRepo.findUserById(this.db, userId))!;
    // 422, not 401: the session is fine, only the confirmation is wrong.
    if (!(await verifyPassword(user.passwordHash, password))) throw new DomainError('invalid_credentials', { status: 422, field: 'password' });
    if (!(await this.twoFactorEnabled(userId))) throw new DomainError('two_factor_not_enabled');
    await repo.deleteTwoFactor(this.db, userId);
    this.push.emitToUser(userId, { type: 'account.changed', payload: { what: 'security' } });
  }

  // ---------------------------------------------------------------- passwords

  /** Same answer whether or not the address exists; the mail carries a single-use token. */
  async forgotPassword(email: string, meta: ClientMeta) {
    await this.limiter.consume('forgot', [`acct:${email}`, `ip:${meta.ip}`]);
    const user = await accountRepo.findUserByEmail(this.db, email);
    if (!user) return;
    const token = randomToken(32);
    const now = new Date();
    await repo.insertResetToken(this.db, {
      userId: user.id,
      tokenHash: sha256(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + AUTH_LIMITS.resetTokenTtlMs),
    });
    const settings = await accountRepo.loadUserContext(this.db, user.id);
    const locale = fromApiLocale(settings?.settings.locale ?? meta.locale);
    const message = renderMail('passwordReset', locale, {
      name: user.name,
      minutes: Math.round(AUTH_LIMITS.resetTokenTtlMs / 60_000),
      link: `${this.baseUrl()}/forgot/reset?token=${encodeURIComponent(token)}`,
    });
    await this.mail.send({ to: user.email, ...message }, `password-reset:${sha256(token)}`);
  }

  async resetPassword(token: string, password: string) {
    const record = await repo.findResetToken(this.db, sha256(token));
    if (!record || record.usedAt) throw new DomainError('reset_token_invalid');
    if (record.expiresAt.getTime() <= Date.now()) throw new DomainError('reset_token_expired');
    const user = (await accountRepo.findUserById(this.db, record.userId))!;
    if (isWeakPassword(password, user.email, user.name)) throw new DomainError('weak_password', { field: 'password' });
    if (!(await repo.consumeResetToken(this.db, record.id, new Date()))) throw new DomainError('reset_token_invalid');
    await accountRepo.updateUser(this.db, user.id, { passwordHash: await hashPassword(password) });
    await repo.invalidateResetTokens(this.db, user.id, new Date());
    await this.sessions.revokeAll(user.id);
    this.push.emitToUser(user.id, { type: 'account.locked', payload: { reason: 'passwordChanged' } });
    this.push.disconnectUser(user.id);
    await this.notifyPasswordChanged(user);
  }

  async changePassword(session: ActiveSession, currentPassword: string, newPassword: string) {
    const user = (await accountRepo.findUserById(this.db, session.userId))!;
    if (!(await verifyPassword(user.passwordHash, currentPassword))) {
      throw new DomainError('invalid_credentials', { status: 422, field: 'currentPassword' });
    }
    if (isWeakPassword(newPassword, user.email, user.name)) throw new DomainError('weak_password', { field: 'newPassword' });
    await accountRepo.updateUser(this.db, user.id, { passwordHash: await hashPassword(newPassword) });
    await this.sessions.revokeAll(user.id, session.id);
    this.push.emitToUser(user.id, { type: 'account.changed', payload: { what: 'security' } });
    await this.notifyPasswordChanged(user);
  }

  private async notifyPasswordChanged(user: accountRepo.UserRow) {
    const context = await accountRepo.loadUserContext(this.db, user.id);
    const message = renderMail('passwordChanged', fromApiLocale(context?.settings.locale), {
      name: user.name,
      link: `${this.baseUrl()}/forgot`,
    });
    await this.mail.send({ to: user.email, ...message });
  }

  // ---------------------------------------------------------------- sessions

  async listSessions(session: ActiveSession) {
    const rows = await this.sessions.list(session.userId);
    return rows.map((row) => ({
      id: row.id,
      current: row.id === session.id,
      userAgent: row.userAgent,
      ip: row.ip,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
    }));
  }

  async signOutOthers(session: ActiveSession) {
    const signedOut = await this.sessions.revokeAll(session.userId, session.id);
    this.push.emitToUser(session.userId, { type: 'account.changed', payload: { what: 'security' } });
    return signedOut;
  }

  // ---------------------------------------------------------------- Google

  /**
   * Signs in the account of a provider profile, or creates one (which must then finish its
   * registration: the shell shows complete-user-registration). An address that already has an
   * account is never taken over on the provider's word: the owner gets a single-use link by
   * mail, and only opening it attaches the identity (identity_link_required until then).
   */
  async signInWithProfile(profile: IdentityProfile, meta: ClientMeta): Promise<SignedIn & { needsCompletion: boolean }> {
    let user = await accountRepo.findUserByGoogleSubject(this.db, profile.subject);
    if (!user) {
      const byEmail = await accountRepo.findUserByEmail(this.db, profile.email);
      if (byEmail) {
        await this.requestIdentityLink(byEmail, profile, meta);
        throw new DomainError('identity_link_required');
      }
      user = await this.db.transaction((tx) =>
        accountRepo.insertAccountWithUser(tx, {
          email: profile.email,
          name: profile.name ?? profile.email.split('@')[0] ?? profile.email,
          passwordHash: null,
          googleSubject: profile.subject,
          needsRegistrationCompletion: true,
          locale: meta.locale === 'uk' ? 'ua' : meta.locale,
          trialEndsAt: new Date(Date.now() + TRIAL_DURATION_MS),
          startingCredits: this.signupCredits,
        }),
      );
      await this.gamification.completeStepQuietly(user.id, ONBOARDING_STEPS.signUp);
    }
    const signedIn = await this.startSession(user.id, meta, Boolean(await this.twoFactorEnabled(user.id)));
    return { ...signedIn, needsCompletion: user.needsRegistrationCompletion };
  }

  /** Mails the owner of an address a single-use link that attaches the identity when opened. */
  private async requestIdentityLink(user: accountRepo.UserRow, profile: IdentityProfile, meta: ClientMeta) {
    // The same budget as reset mails: a provider sign-in must not become a way to flood a mailbox.
    await this.limiter.consume('forgot', [`acct:${user.email}`, `ip:${meta.ip}`]);
    const token = randomToken(32);
    const now = new Date();
    await repo.insertIdentityLink(this.db, {
      userId: user.id,
      subject: profile.subject,
      tokenHash: sha256(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + AUTH_LIMITS.resetTokenTtlMs),
    });
    const context = await accountRepo.loadUserContext(this.db, user.id);
    const message = renderMail('identityLink', fromApiLocale(context?.settings.locale ?? meta.locale), {
      name: user.name,
      email: profile.email,
      provider: this.identity?.name === 'sandbox' ? 'Google (offline sandbox)' : 'Google',
      minutes: Math.round(AUTH_LIMITS.resetTokenTtlMs / 60_000),
      link: `${this.baseUrl()}/login?${IDENTITY_LINK_PARAM}=${encodeURIComponent(token)}`,
    });
    await this.mail.send({ to: user.email, ...message }, `identity-link:${sha256(token)}`);
  }

  /** Opening the mailed link: attaches the identity once and signs in (the second factor still applies). */
  async confirmIdentityLink(token: string, meta: ClientMeta): Promise<SignedIn> {
    const link = await repo.consumeIdentityLink(this.db, sha256(token), new Date());
    if (!link) throw new DomainError('identity_link_invalid');
    const holder = await accountRepo.findUserByGoogleSubject(this.db, link.subject);
    if (holder && holder.id !== link.userId) throw new DomainError('identity_link_invalid');
    await accountRepo.updateUser(this.db, link.userId, { googleSubject: link.subject });
    this.push.emitToUser(link.userId, { type: 'account.changed', payload: { what: 'security' } });
    return this.startSession(link.userId, meta, Boolean(await this.twoFactorEnabled(link.userId)));
  }
}
