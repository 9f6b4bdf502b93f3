/** The remaining general calls of document 2 §7.1 (those not about accounts, teams or the game). */
import { FEATURE_REQUEST_TOOLS, prospectAccess, viewerClass, type Locale } from '@leadforge/contracts';
import type { Db } from '../../db/types';
import { DomainError } from '../../http/domain-error';
import { randomToken, sha256 } from '../../lib/crypto';
import type { BaseUrl } from '../../platform';
import { scopeOf, type Caller } from '../account/caller';
import type { RateLimiter } from '../auth/rate-limiter';
import { renderMail } from '../mail/templates';
import type { MailService } from '../mail/service';
import * as repo from './repository';

const FEATURE_DESCRIPTION_MAX = 5000;
const CLEAR_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;

export class GeneralService {
  constructor(
    private readonly db: Db,
    private readonly mail: MailService,
    private readonly limiter: RateLimiter,
    private readonly baseUrl: BaseUrl,
  ) {}

  featureRequestSettings() {
    return { tools: [...FEATURE_REQUEST_TOOLS], maxDescription: FEATURE_DESCRIPTION_MAX };
  }

  async createFeatureRequest(
    caller: Caller,
    input: { tool: string; feature: string; description: string; workaround: string; entryPoint: string },
  ) {
    return { id: await repo.insertFeatureRequest(this.db, scopeOf(caller), input) };
  }

  /**
   * Mood is edited by the prospect's owner only (document 1 §6: team roles view it). A prospect
   * outside the caller's account and team answers 404, so ids of other tenants leak nothing.
   */
  async setMood(caller: Caller, prospectId: number, point: number) {
    const scope = scopeOf(caller);
    const prospect = await repo.prospectVisibleTo(this.db, scope, prospectId);
    if (!prospect) throw new DomainError('not_found');
    const viewer = viewerClass(caller.team, {
      isNew: false,
      isOwn: prospect.userId === caller.userId,
      isTeamRecord: caller.teamId !== null && caller.teamUserIds.includes(prospect.userId),
    });
    const access = prospectAccess('mood', viewer);
    if (access === 'hidden') throw new DomainError('not_found');
    if (access !== 'edit') throw new DomainError('forbidden');
    const type = point === 0 ? 'notSet' : 'manual';
    if (!(await repo.setMood(this.db, scope, prospectId, point, type))) throw new DomainError('forbidden');
    return { prospectId, point, type: type as 'notSet' | 'manual' };
  }

  /** Records a shown captcha; the caller is null for an anonymous visitor. */
  async displayedCaptcha(caller: Caller | null, place: string, ip: string) {
    await repo.insertCaptcha(this.db, caller ? scopeOf(caller) : null, { place, ip });
  }

  async passedOnboardings(caller: Caller) {
    return { passed: await repo.passedOf(this.db, scopeOf(caller)) };
  }

  async addPassedOnboarding(caller: Caller, type: string) {
    await repo.addPassed(this.db, scopeOf(caller), type);
    return this.passedOnboardings(caller);
  }

  /** Records uninstall feedback; the caller is null for an anonymous visitor. */
  async uninstall(caller: Caller | null, input: { product: string; reason: string; comment: string }) {
    await repo.insertUninstall(this.db, caller ? scopeOf(caller) : null, input);
  }

  /**
   * "Remove my address" in two steps. With an address, a link with a key is mailed to it (the
   * answer is the same whether or not it is listed, and carries no key: only the owner of the
   * mailbox may go on). With the mailed key, the answer says how many records hold the address
   * and hands the key to /clear-email/remove.
   */
  async clearEmailPrepare(input: { email?: string | undefined; keyEmail?: string | undefined }, ip: string, locale: Locale) {
    if (input.keyEmail) {
      const request = await repo.openClearEmailRequest(this.db, sha256(input.keyEmail), new Date());
      if (!request) throw new DomainError('not_found');
      return { email: request.email, listsCount: await repo.countAddressEverywhere(this.db, request.email), key: input.keyEmail };
    }
    if (!input.email) throw new DomainError('field_required', { field: 'email' });
    await this.limiter.consume('forgot', [`clear:${input.email}`, `ip:${ip}`]);
    const key = randomToken(24);
    const now = new Date();
    await repo.insertClearEmailRequest(this.db, {
      keyHash: sha256(key),
      email: input.email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CLEAR_EMAIL_TTL_MS),
    });
    const message = renderMail('clearEmail', locale, {
      email: input.email,
      minutes: Math.round(CLEAR_EMAIL_TTL_MS / 60_000),
      link: `${this.baseUrl()}/clear-email/${encodeURIComponent(key)}`,
    });
    await this.mail.send({ to: input.email, ...message });
    return { email: input.email, listsCount: 0, key: '' };
  }

  async clearEmailRemove(key: string) {
    const keyHash = sha256(key);
    const request = await repo.openClearEmailRequest(this.db, keyHash, new Date());
    if (!request) throw new DomainError('not_found');
    return this.db.transaction(async (tx) => {
      if (!(await repo.closeClearEmailRequest(tx, keyHash, new Date()))) throw new DomainError('not_found');
      return { removed: await repo.removeAddressEverywhere(tx, request.email) };
    });
  }
}
