/** HTTP handlers of the verification calls declared in contracts (thin: parse → service → answer). */
import { stringify } from 'csv-stringify/sync';
import { isVerificationResolved, type EmailVerificationStatus } from '@leadforge/contracts';
import { DomainError } from '../../http/domain-error';
import { userOf, type HandlerMap } from '../../http/route-kit';
import type { Services } from '../../services';
import type { FoundProspect } from '../prospects/module';
import * as repo from './repository';
import { emailKey, toBulk, toBulkRow, toDetail } from './service';

/** Rows read per query while writing a bulk job's CSV. */
const CSV_PAGE = 5_000;

/** "jane.doe" → "Jane Doe": the name a prospect saved from an address alone gets. */
function nameFromLocalPart(email: string): string {
  const local = email.split('@')[0] ?? email;
  const words = local.split(/[._+-]+/).filter((word) => /[a-z]/i.test(word));
  const name = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
  return name.length > 0 ? name.slice(0, 251) : email.slice(0, 251);
}

export function verificationHandlers(services: Services): HandlerMap {
  const service = services.verification.service;
  const db = services.db;
  const actorOf = (ctx: Parameters<typeof userOf>[0]) => {
    const session = userOf(ctx);
    return { userId: session.userId, accountId: session.accountId };
  };

  return {
    async verifyOne(ctx) {
      const actor = actorOf(ctx);
      const { rows } = await service.verifyRecords(actor, [ctx.body.email], { source: 'single' });
      const row = rows.get(emailKey(ctx.body.email));
      if (!row) throw new DomainError('something_went_wrong');
      return toDetail(row);
    },

    async verifyAddToList(ctx) {
      const actor = actorOf(ctx);
      const ids = [...new Set(ctx.body.ids)];
      const rows = await repo.verificationsByIds(db, actor.accountId, ids);
      if (rows.length !== ids.length) throw new DomainError('not_found');
      const prospects: FoundProspect[] = rows.map((row) => ({
        name: nameFromLocalPart(row.email),
        email: row.email,
        ...(row.status === 'valid' || row.status === 'not_valid' || row.status === 'catch_all' || row.status === 'unknown' || row.status === 'greylist'
          ? { emailStatus: row.status }
          : {}),
      }));
      const target = ctx.body.listId !== undefined ? { listId: ctx.body.listId } : { listName: ctx.body.listName! };
      return services.prospects.addFoundProspects(actor, target, prospects);
    },

    async lastSingleVerified(ctx) {
      const row = await repo.lastSingle(db, actorOf(ctx).accountId);
      return { item: row ? toDetail(row) : null };
    },

    async lastVerified(ctx) {
      const { page, perPage, status } = ctx.body;
      const { items, total } = await repo.verifiedPage(db, actorOf(ctx).accountId, page, perPage, status);
      return { items: items.map(toDetail), total, page, perPage };
    },

    async getEmailsStatus(ctx) {
      const { accountId } = actorOf(ctx);
      const [byEmail, byId] = await Promise.all([
        repo.verificationsByEmails(db, accountId, [...new Set(ctx.body.emails.map(emailKey))]),
        repo.verificationsByIds(db, accountId, [...new Set(ctx.body.ids)]),
      ]);
      const rows = new Map([...byEmail, ...byId].map((row) => [row.id, row]));
      const items = [...rows.values()].map(toDetail);
      // `pending` tells the client to keep re-polling (every POLLING.verificationMs of contracts).
      return { items, pending: items.some((item) => !isVerificationResolved(item.status as EmailVerificationStatus)) };
    },

    async calculateEmailsForVerify(ctx) {
      const actor = actorOf(ctx);
      const [estimate, balance] = await Promise.all([service.estimate(actor, ctx.body.emails), service.balance(actor)]);
      return { ...estimate, balance, enough: balance >= estimate.toVerify };
    },

    async checkBalance(ctx) {
      const balance = await service.balance(actorOf(ctx));
      return { balance, enough: balance >= ctx.body.minBalance };
    },

    async createBulkVerification(ctx) {
      return service.createBulk(actorOf(ctx), ctx.body);
    },

    async listBulkVerifications(ctx) {
      const { page, perPage } = ctx.query;
      const { items, total } = await repo.bulkPage(db, actorOf(ctx).accountId, page, perPage);
      return { items: items.map(toBulk), total, page, perPage };
    },

    async getBulkVerification(ctx) {
      return { job: toBulk(await service.bulk(actorOf(ctx), ctx.params.id)) };
    },

    async bulkVerificationResults(ctx) {
      const bulk = await service.bulk(actorOf(ctx), ctx.params.id);
      const { page, perPage, status } = ctx.query;
      const { items, total } = await repo.bulkResultsPage(db, bulk.id, page, perPage, status);
      return { job: toBulk(bulk), items: items.map(toBulkRow), total, page, perPage };
    },

    async downloadBulkVerification(ctx) {
      const bulk = await service.bulk(actorOf(ctx), ctx.params.id);
      const lines = [['row', 'email', 'status', 'reasons', 'smtp_code', 'enhanced_code', 'disposable', 'role', 'free', 'catch_all', 'risk', 'suggestion']];
      for (let page = 1; ; page += 1) {
        const { items } = await repo.bulkResultsPage(db, bulk.id, page, CSV_PAGE, undefined);
        for (const item of items.map(toBulkRow)) {
          lines.push([
            String(item.row),
            item.email,
            item.status,
            item.reasons.join(' '),
            item.smtpCode === null ? '' : String(item.smtpCode),
            item.enhancedCode ?? '',
            String(item.flags.disposable),
            String(item.flags.role),
            String(item.flags.free),
            String(item.flags.catchAll),
            item.risk ?? '',
            item.suggestion ?? '',
          ]);
        }
        if (items.length < CSV_PAGE) break;
      }
      // Cells starting with = + - @ would run as formulas in spreadsheets (CSV injection).
      const safe = lines.map((line) => line.map((cell) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell)));
      const fileName = `verification-${bulk.id}.csv`;
      return ctx.reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(stringify(safe));
    },

    async pauseBulkVerification(ctx) {
      return { job: toBulk(await service.pauseBulk(actorOf(ctx), ctx.params.id)) };
    },

    async resumeBulkVerification(ctx) {
      return { job: toBulk(await service.resumeBulk(actorOf(ctx), ctx.params.id)) };
    },

    async cancelBulkVerification(ctx) {
      return { job: toBulk(await service.cancelBulk(actorOf(ctx), ctx.params.id)) };
    },
  };
}
