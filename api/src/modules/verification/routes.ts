/** HTTP handlers of the verification calls declared in contracts (thin: parse → service → answer). */
import { stringify } from 'csv-stringify/sync';
import { isVerificationResolved, type EmailVerificationStatus } from '@leadforge/contracts';
import { DomainError } from '../../http/domain-error';
import { callerOf, type HandlerMap } from '../../http/route-kit';
import type { Services } from '../../services';
import type { FoundProspect } from '../prospects/module';
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

  return {
    async verifyOne(ctx) {
      const { rows } = await service.verifyRecords(callerOf(ctx), [ctx.body.email], { source: 'single' });
      const row = rows.get(emailKey(ctx.body.email));
      if (!row) throw new DomainError('something_went_wrong');
      return toDetail(row);
    },

    async verifyAddToList(ctx) {
      const caller = callerOf(ctx);
      const rows = await service.recordsByIds(caller, ctx.body.ids);
      const prospects: FoundProspect[] = rows.map((row) => ({
        name: nameFromLocalPart(row.email),
        email: row.email,
        ...(row.status === 'valid' || row.status === 'not_valid' || row.status === 'catch_all' || row.status === 'unknown' || row.status === 'greylist'
          ? { emailStatus: row.status }
          : {}),
      }));
      const target = ctx.body.listId !== undefined ? { listId: ctx.body.listId } : { listName: ctx.body.listName! };
      return services.prospects.addFoundProspects(caller, target, prospects);
    },

    async lastSingleVerified(ctx) {
      const row = await service.lastSingle(callerOf(ctx));
      return { item: row ? toDetail(row) : null };
    },

    async lastVerified(ctx) {
      const { page, perPage, status } = ctx.body;
      const { items, total } = await service.history(callerOf(ctx), page, perPage, status);
      return { items: items.map(toDetail), total, page, perPage };
    },

    async getEmailsStatus(ctx) {
      const items = (await service.records(callerOf(ctx), ctx.body.emails, ctx.body.ids)).map(toDetail);
      // `pending` tells the client to keep re-polling (every POLLING.verificationMs of contracts).
      return { items, pending: items.some((item) => !isVerificationResolved(item.status as EmailVerificationStatus)) };
    },

    async calculateEmailsForVerify(ctx) {
      const caller = callerOf(ctx);
      const [estimate, balance] = await Promise.all([service.estimate(caller, ctx.body.emails), service.balance(caller)]);
      return { ...estimate, balance, enough: balance >= estimate.toVerify };
    },

    async checkBalance(ctx) {
      const balance = await service.balance(callerOf(ctx));
      return { balance, enough: balance >= ctx.body.minBalance };
    },

    async createBulkVerification(ctx) {
      return service.createBulk(callerOf(ctx), ctx.body);
    },

    async listBulkVerifications(ctx) {
      const { page, perPage } = ctx.query;
      const { items, total } = await service.bulks(callerOf(ctx), page, perPage);
      return { items: items.map(toBulk), total, page, perPage };
    },

    async getBulkVerification(ctx) {
      return { job: toBulk(await service.bulk(callerOf(ctx), ctx.params.id)) };
    },

    async bulkVerificationResults(ctx) {
      const { page, perPage, status } = ctx.query;
      const { bulk, items, total } = await service.bulkResults(callerOf(ctx), ctx.params.id, page, perPage, status);
      return { job: toBulk(bulk), items: items.map(toBulkRow), total, page, perPage };
    },

    async downloadBulkVerification(ctx) {
      const caller = callerOf(ctx);
      const bulk = await service.bulk(caller, ctx.params.id);
      const lines = [['row', 'email', 'status', 'reasons', 'smtp_code', 'enhanced_code', 'disposable', 'role', 'free', 'catch_all', 'risk', 'suggestion']];
      for (let page = 1; ; page += 1) {
        const { items } = await service.bulkResults(caller, bulk.id, page, CSV_PAGE, undefined);
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
      return { job: toBulk(await service.pauseBulk(callerOf(ctx), ctx.params.id)) };
    },

    async resumeBulkVerification(ctx) {
      return { job: toBulk(await service.resumeBulk(callerOf(ctx), ctx.params.id)) };
    },

    async cancelBulkVerification(ctx) {
      return { job: toBulk(await service.cancelBulk(callerOf(ctx), ctx.params.id)) };
    },
  };
}
