/** The recipients calls (document 2 §7.6 "recipients"): thin — contract-parsed input → service → answer. */
import { callerOf, type HandlerMap } from '../../http/route-kit';
import type { Services } from '../../services';

export function campaignRecipientsHandlers(services: Services): HandlerMap {
  const service = services.campaignRecipients;

  return {
    recipientsList: async (ctx) => service.list(callerOf(ctx), ctx.query),
    recipientsCount: async (ctx) => service.count(callerOf(ctx), ctx.body.campaignId, ctx.body.filter),
    recipientsAdd: async (ctx) => service.add(callerOf(ctx), ctx.body),
    recipientsSetSender: async (ctx) => service.setSender(callerOf(ctx), ctx.body),
    recipientsMoveToList: async (ctx) => service.moveToList(callerOf(ctx), ctx.body),
    recipientsSetStatus: async (ctx) => service.setStatus(callerOf(ctx), ctx.body),
    recipientsAddToBlacklist: async (ctx) => service.addToBlacklist(callerOf(ctx), ctx.body),
    recipientsCreateDeal: async (ctx) => service.createDeal(callerOf(ctx), ctx.body),
    recipientsDelete: async (ctx) => service.remove(callerOf(ctx), ctx.body),
    recipientsToCheckStart: async (ctx) => service.toCheckStart(callerOf(ctx), ctx.body),
    recipientsToCheckForceStart: async (ctx) => service.toCheckForceStart(callerOf(ctx), ctx.body),
  };
}
