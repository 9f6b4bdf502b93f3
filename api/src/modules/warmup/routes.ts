/** The warm-up area's handlers (document 2 §7.8): thin (contract-parsed input → service → answer). */
import { callerOf, type HandlerMap } from '../../http/route-kit';
import type { Services } from '../../services';

export function warmupHandlers(services: Services): HandlerMap {
  const service = services.warmup;
  return {
    async warmupUserLimits(ctx) {
      return service.userLimits(callerOf(ctx));
    },
    async warmupList(ctx) {
      return service.list(callerOf(ctx), ctx.query);
    },
    async warmupStatistics(ctx) {
      return service.statistics(callerOf(ctx), ctx.query);
    },
    async warmupUsedSchedules(ctx) {
      return service.usedSchedules(callerOf(ctx));
    },
    async warmupGet(ctx) {
      return { item: await service.get(callerOf(ctx), ctx.params.emailAccountId) };
    },
    async warmupUpdateSettings(ctx) {
      return { item: await service.updateSettings(callerOf(ctx), ctx.params.emailAccountId, ctx.body) };
    },
    async warmupSetStatus(ctx) {
      return { item: await service.setStatus(callerOf(ctx), ctx.params.emailAccountId, ctx.body.status) };
    },
    async warmupBulk(ctx) {
      return service.bulk(callerOf(ctx), ctx.body.action, ctx.body.emailAccountIds);
    },
  };
}
