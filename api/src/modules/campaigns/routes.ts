/** The campaigns area's handlers: thin (contract-parsed input → service → answer). */
import { callerOf, type HandlerMap } from '../../http/route-kit';
import type { Services } from '../../services';

export function campaignsHandlers(services: Services): HandlerMap {
  const service = services.campaigns;
  const section = async (ctx: Parameters<typeof callerOf>[0] & { params: { id: number } }) => service.section(callerOf(ctx), ctx.params.id);

  return {
    async listCampaigns(ctx) {
      return service.list(callerOf(ctx), ctx.query);
    },
    async searchCampaigns(ctx) {
      return service.search(callerOf(ctx), ctx.query.q);
    },
    async getCampaign(ctx) {
      return service.get(callerOf(ctx), ctx.params.id);
    },
    async saveCampaign(ctx) {
      return service.save(callerOf(ctx), ctx.body);
    },
    async updateCampaign(ctx) {
      const { campaignId, ...changes } = ctx.body;
      return service.update(callerOf(ctx), campaignId, changes);
    },
    async getCampaignCommonSettings(ctx) {
      return (await section(ctx)).commonSettings;
    },
    async putCampaignCommonSettings(ctx) {
      return service.update(callerOf(ctx), ctx.params.id, ctx.body);
    },
    async getCampaignAbout(ctx) {
      return (await section(ctx)).about;
    },
    async putCampaignAbout(ctx) {
      return service.update(callerOf(ctx), ctx.params.id, ctx.body);
    },
    async getCampaignFlowchart(ctx) {
      return (await section(ctx)).flowcharts;
    },
    async putCampaignFlowchart(ctx) {
      return service.update(callerOf(ctx), ctx.params.id, ctx.body);
    },
    async getCampaignDealsSettings(ctx) {
      return (await section(ctx)).dealsSettings;
    },
    async putCampaignDealsSettings(ctx) {
      return service.update(callerOf(ctx), ctx.params.id, { dealsSettings: ctx.body });
    },
    async getCampaignTimeSettings(ctx) {
      return (await section(ctx)).timeSettings;
    },
    async putCampaignTimeSettings(ctx) {
      return service.update(callerOf(ctx), ctx.params.id, ctx.body);
    },
    async getCampaignSenderLinkedinAccounts(ctx) {
      return (await section(ctx)).senderLinkedinAccounts;
    },
    async putCampaignSenderLinkedinAccounts(ctx) {
      return service.update(callerOf(ctx), ctx.params.id, ctx.body);
    },
    async createCampaignCopy(ctx) {
      return service.copy(callerOf(ctx), ctx.params.id, ctx.body.withAttachments);
    },
    async deleteCampaign(ctx) {
      return service.remove(callerOf(ctx), ctx.params.id);
    },
    async setCampaignState(ctx) {
      return service.setState(callerOf(ctx), ctx.body.campaignId, ctx.body.state);
    },
    async campaignLaunchCheck(ctx) {
      return service.launchCheck(callerOf(ctx), ctx.params.id);
    },
    async listCampaignFolders(ctx) {
      return service.folders(callerOf(ctx));
    },
    async createCampaignFolder(ctx) {
      return service.createFolder(callerOf(ctx), ctx.body.name);
    },
    async renameCampaignFolder(ctx) {
      return service.renameFolder(callerOf(ctx), ctx.params.id, ctx.body.name);
    },
    async deleteCampaignFolder(ctx) {
      return service.deleteFolder(callerOf(ctx), ctx.params.id);
    },
    async sortCampaignFolders(ctx) {
      return service.sortFolders(callerOf(ctx), ctx.body.ids);
    },
    async campaignUserInfo(ctx) {
      return service.userInfo(callerOf(ctx));
    },
    async teamProspectLists(ctx) {
      return service.teamProspectLists(callerOf(ctx));
    },
    async campaignSenderAccounts(ctx) {
      return service.senderAccounts(callerOf(ctx));
    },
    async campaignProspects(ctx) {
      return service.prospects(callerOf(ctx), ctx.params.id);
    },
    async checkCampaignAccounts(ctx) {
      return service.checkAccounts(callerOf(ctx), ctx.params.id);
    },
    async emailAccountsEverHad(ctx) {
      return service.emailAccountsEverHad(callerOf(ctx), ctx.params.id);
    },
    async flowchartBlockCount(ctx) {
      return service.blockCount(callerOf(ctx), ctx.params.id);
    },
    async campaignTips(ctx) {
      callerOf(ctx);
      return service.tips();
    },
  };
}
