/**
 * The linkedin-accounts area's handlers: thin (contract-parsed input → service → answer). The
 * runner's calls (pending invitations, actions, inline message) are in actions/.
 */
import { callerOf, type HandlerMap } from '../../http/route-kit';
import type { Services } from '../../services';

export function linkedinAccountsHandlers(services: Services): HandlerMap {
  const service = services.linkedinAccounts;

  return {
    async listLinkedinAccounts(ctx) {
      return service.list(callerOf(ctx));
    },

    async teamLinkedinAccounts(ctx) {
      return { items: await service.team(callerOf(ctx)) };
    },

    async linkedinProxies(ctx) {
      callerOf(ctx);
      return service.proxies(ctx.locale);
    },

    async connectLinkedinAccount(ctx) {
      return { account: await service.connect(callerOf(ctx), ctx.body) };
    },

    async getLinkedinAccount(ctx) {
      return { account: await service.get(callerOf(ctx), ctx.params.id) };
    },

    async updateLinkedinAccount(ctx) {
      return { account: await service.update(callerOf(ctx), ctx.params.id, ctx.body) };
    },

    async deleteLinkedinAccount(ctx) {
      return { account: await service.remove(callerOf(ctx), ctx.params.id) };
    },

    async submitLinkedinCode(ctx) {
      return { account: await service.submitCode(callerOf(ctx), ctx.params.id, ctx.body.code) };
    },

    async resendLinkedinCode(ctx) {
      return { account: await service.resendCode(callerOf(ctx), ctx.params.id) };
    },

    async changeLinkedinTwoFactorMethod(ctx) {
      return { account: await service.changeTwoFactorMethod(callerOf(ctx), ctx.params.id, ctx.body.method) };
    },

    async reconnectLinkedinAccount(ctx) {
      return { account: await service.reconnect(callerOf(ctx), ctx.params.id, ctx.body.login) };
    },

    async setLinkedinWarmUp(ctx) {
      return { account: await service.setWarmUp(callerOf(ctx), ctx.params.id, ctx.body.enabled) };
    },

    async setLinkedinProxy(ctx) {
      return { account: await service.setProxy(callerOf(ctx), ctx.params.id, ctx.body) };
    },

    async setLinkedinTimeZone(ctx) {
      return { account: await service.setTimeZone(callerOf(ctx), ctx.params.id, ctx.body.timezone) };
    },

    async assignLinkedinAccount(ctx) {
      return { account: await service.assign(callerOf(ctx), ctx.body) };
    },

    async retractLinkedinAccount(ctx) {
      return { account: await service.retract(callerOf(ctx), ctx.body) };
    },

    async listLinkedinSlotRequests(ctx) {
      return { items: await service.requests(callerOf(ctx)) };
    },

    async requestLinkedinSlot(ctx) {
      return { request: await service.requestSlot(callerOf(ctx), ctx.body.note) };
    },

    async approveLinkedinSlotRequest(ctx) {
      return { request: await service.approve(callerOf(ctx), ctx.params.id, ctx.body.slotId) };
    },

    async rejectLinkedinSlotRequest(ctx) {
      return { request: await service.reject(callerOf(ctx), ctx.params.id) };
    },

    async withdrawLinkedinSlotRequest(ctx) {
      return { request: await service.withdraw(callerOf(ctx), ctx.params.id) };
    },
  };
}
