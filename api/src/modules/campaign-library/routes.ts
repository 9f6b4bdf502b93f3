/** The campaign-library area's handlers: thin (contract-parsed input → service → answer). */
import { callerOf, type HandlerMap } from '../../http/route-kit';
import type { Services } from '../../services';

export function campaignLibraryHandlers(services: Services): HandlerMap {
  const service = services.campaignLibrary;

  return {
    async listTemplates(ctx) {
      return { items: await service.listTemplates(callerOf(ctx), ctx.query) };
    },

    async listTemplateCategories(ctx) {
      return service.listCategories(callerOf(ctx));
    },

    async addTemplate(ctx) {
      return { template: await service.addTemplate(callerOf(ctx), ctx.body) };
    },

    async editTemplate(ctx) {
      const { templateId, ...input } = ctx.body;
      return { template: await service.editTemplate(callerOf(ctx), templateId, input) };
    },

    async deleteTemplate(ctx) {
      await service.deleteTemplate(callerOf(ctx), ctx.params.id);
      return { ok: true as const };
    },

    async addTemplateCategory(ctx) {
      return { category: await service.addCategory(callerOf(ctx), ctx.body.name) };
    },

    async editTemplateCategory(ctx) {
      return { category: await service.renameCategory(callerOf(ctx), ctx.body.id, ctx.body.name) };
    },

    async deleteTemplateCategory(ctx) {
      await service.deleteCategory(callerOf(ctx), ctx.params.id);
      return { ok: true as const };
    },

    async listSchedules(ctx) {
      return { items: await service.listSchedules(callerOf(ctx)) };
    },

    async scheduleTimeZones(ctx) {
      callerOf(ctx);
      return { timeZones: service.timeZones() };
    },

    async saveSchedule(ctx) {
      return { schedule: await service.saveSchedule(callerOf(ctx), ctx.body) };
    },

    async deleteSchedule(ctx) {
      await service.deleteSchedule(callerOf(ctx), ctx.body.scheduleId);
      return { ok: true as const };
    },
  };
}
