/** The domain-health area's handlers: thin (contract-parsed input → service → answer). */
import { callerOf, type HandlerMap } from '../../http/route-kit';
import type { Services } from '../../services';

export function domainHealthHandlers(services: Services): HandlerMap {
  const service = services.domainHealth;
  return {
    async listDomainHealth(ctx) {
      return { items: await service.list(callerOf(ctx)) };
    },
    async checkDomainHealth(ctx) {
      return { item: await service.check(callerOf(ctx), ctx.body.domain) };
    },
  };
}
