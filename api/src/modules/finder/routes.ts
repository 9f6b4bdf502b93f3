/** HTTP handlers of the finder calls declared in contracts (thin: parse → service → answer). */
import type { FastifyReply } from 'fastify';
import { userOf, type HandlerMap } from '../../http/route-kit';
import type { Services } from '../../services';
import type { Owner } from './repository';

function ownerOf(ctx: Parameters<typeof userOf>[0]): Owner {
  const session = userOf(ctx);
  return { userId: session.userId, accountId: session.accountId };
}

function sendCsv(reply: FastifyReply, file: { fileName: string; csv: string }): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .send(file.csv);
}

export function finderHandlers(services: Services): HandlerMap {
  const { search, bulk, linkedin } = services.finder;
  return {
    finderSingleSearch: async (ctx) => search.singleSearch(ownerOf(ctx), ctx.body),
    finderSearchHistory: async (ctx) => search.history(ownerOf(ctx), ctx.query.kind, ctx.query.page),
    finderSingleSearchGet: async (ctx) => search.singleSearchGet(ownerOf(ctx), ctx.params.searchId),
    finderSingleSearchSave: async (ctx) => search.singleSearchSave(ownerOf(ctx), ctx.params.searchId, ctx.body.target),
    finderDomainSearch: async (ctx) => search.domainSearch(ownerOf(ctx), ctx.body),
    finderDomainSearchGet: async (ctx) => search.domainSearchGet(ownerOf(ctx), ctx.params.searchId, ctx.query.page),
    finderDomainSearchSave: async (ctx) => search.domainSearchSave(ownerOf(ctx), ctx.params.searchId, ctx.body.target, ctx.body.emails),
    finderPositions: async (ctx) => ({ positions: await search.positions(ownerOf(ctx), ctx.body.term) }),
    finderCompanies: async (ctx) => ({ companies: await search.companies(ownerOf(ctx), ctx.body.query) }),
    finderTechcheck: async (ctx) => {
      ownerOf(ctx);
      return search.techcheck(ctx.body.url);
    },
    finderToolsOverview: async (ctx) => {
      const owner = ownerOf(ctx);
      const [bulkJobsActive, linkedinTasksActive] = await Promise.all([bulk.activeCount(owner), linkedin.activeCount(owner)]);
      return search.overview(owner, { bulkJobsActive, linkedinTasksActive });
    },
    finderPluginHistory: async (ctx) => search.pluginHistory(ownerOf(ctx), ctx.params.searchId),
    finderPluginBestCompany: async (ctx) => search.pluginBestCompany(ownerOf(ctx), ctx.params.searchId),
    finderBulkNames: async (ctx) => bulk.createNames(ownerOf(ctx), ctx.body),
    finderBulkDomains: async (ctx) => bulk.createDomains(ownerOf(ctx), ctx.body),
    finderBulkList: async (ctx) => bulk.list(ownerOf(ctx), ctx.query.kind, ctx.query.page),
    finderBulkGet: async (ctx) => bulk.get(ownerOf(ctx), ctx.params.id),
    finderBulkResults: async (ctx) => bulk.results(ownerOf(ctx), ctx.params.id, ctx.query.page),
    finderBulkPause: async (ctx) => bulk.pause(ownerOf(ctx), ctx.params.id),
    finderBulkResume: async (ctx) => bulk.resume(ownerOf(ctx), ctx.params.id),
    finderBulkCancel: async (ctx) => bulk.cancel(ownerOf(ctx), ctx.params.id),
    finderBulkDownload: async (ctx) => sendCsv(ctx.reply, await bulk.downloadCsv(ownerOf(ctx), ctx.params.id)),
    finderLinkedinCreate: async (ctx) => linkedin.create(ownerOf(ctx), ctx.body),
    finderLinkedinList: async (ctx) => linkedin.list(ownerOf(ctx), ctx.query.page),
    finderLinkedinStatus: async (ctx) => linkedin.status(ownerOf(ctx), ctx.params.id),
    finderLinkedinStop: async (ctx) => linkedin.stop(ownerOf(ctx), ctx.params.id),
    finderLinkedinDelete: async (ctx) => {
      await linkedin.remove(ownerOf(ctx), ctx.params.id);
      return { ok: true as const };
    },
    finderLinkedinBadLinks: async (ctx) => sendCsv(ctx.reply, await linkedin.badLinksCsv(ownerOf(ctx), ctx.params.id)),
  };
}
