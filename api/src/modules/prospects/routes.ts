/** HTTP handlers of the prospects calls declared in contracts (thin: parse → service → answer). */
import type { FastifyReply } from 'fastify';
import { userOf, type HandlerMap } from '../../http/route-kit';
import type { Services } from '../../services';
import { readableProspect } from './access';
import { checkProspectEmails } from './email-checks';
import { TAG_JOB } from './import-service';
import * as repo from './repository';

function sendCsv(reply: FastifyReply, name: string, csv: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

export function prospectsHandlers(services: Services): HandlerMap {
  const module = services.prospects;
  const prospects = module.service;
  const imports = module.imports;
  const uid = (ctx: Parameters<typeof userOf>[0]) => userOf(ctx).userId;

  return {
    // Lists and folders
    getListsInfo: async (ctx) => prospects.listsInfo(uid(ctx), ctx.body),
    getLists: async (ctx) => prospects.overview(uid(ctx), ctx.query.id),
    listsAdd: async (ctx) => prospects.addList(uid(ctx), ctx.body.type, ctx.body.name),
    listsAddProspectToList: async (ctx) =>
      prospects.addToList(uid(ctx), ctx.body.type, ctx.body.listId, Array.isArray(ctx.body.itemId) ? ctx.body.itemId : [ctx.body.itemId]),
    listsEdit: async (ctx) => prospects.renameList(uid(ctx), ctx.body.type, ctx.body.listId, ctx.body.newName),
    listsMove: async (ctx) => prospects.moveItems(uid(ctx), ctx.body.type, ctx.body.items, ctx.body.moveFrom, ctx.body.moveTo),
    listsRemoveItems: async (ctx) => prospects.removeItems(uid(ctx), ctx.body),
    listsEmailStats: async (ctx) => prospects.emailStats(uid(ctx), ctx.body.id, ctx.body.perPage),
    listsCheckUsageInCampaigns: async (ctx) => {
      const userId = uid(ctx);
      // Campaigns arrive with their own issue: until then no list is used by a campaign.
      const owned = await Promise.all(ctx.body.listIds.map(async (id) => ((await repo.listById(prospects.db, id))?.userId === userId ? id : null)));
      return { usage: owned.filter((id): id is number => id !== null).map((listId) => ({ listId, campaigns: [] })) };
    },
    listsDelete: async (ctx) => prospects.deleteList(uid(ctx), ctx.body.id, ctx.body.type, ctx.body.deleteRecipients),
    listsDefaultName: async (ctx) => prospects.defaultListName(uid(ctx), ctx.body.type),
    listsRestore: async (ctx) => prospects.restoreList(uid(ctx), ctx.body.id),
    listsDeleteWithoutSave: async (ctx) => prospects.deleteListForGood(uid(ctx), ctx.body.id),
    listsSearch: async (ctx) => prospects.searchLists(uid(ctx), ctx.body.query, ctx.body.type),
    foldersList: async (ctx) => ({ folders: await prospects.folders(uid(ctx)) }),
    foldersCreate: async (ctx) => prospects.createFolder(uid(ctx), ctx.body.name),
    foldersRename: async (ctx) => prospects.renameFolder(uid(ctx), ctx.body.id, ctx.body.name),
    foldersDelete: async (ctx) => prospects.deleteFolder(uid(ctx), ctx.params.id),
    foldersMove: async (ctx) => prospects.moveFolder(uid(ctx), ctx.body.id, ctx.body.position),
    foldersListMove: async (ctx) => prospects.fileList(uid(ctx), ctx.body.listId, ctx.body.folderId, ctx.body.fromFolderId),

    // Custom fields
    customFieldGroupsGet: async (ctx) => prospects.fieldGroups(uid(ctx)),
    customFieldGroupsSave: async (ctx) => prospects.saveGroup(uid(ctx), ctx.body),
    customFieldGroupsDelete: async (ctx) => prospects.deleteGroup(uid(ctx), ctx.params.id),
    customFieldsCreate: async (ctx) => prospects.createField(uid(ctx), ctx.body),
    customFieldsUpdate: async (ctx) => prospects.updateField(uid(ctx), ctx.params.id, ctx.body),
    customFieldsDelete: async (ctx) => prospects.deleteField(uid(ctx), ctx.params.id),

    // Notes
    notesList: async (ctx) => prospects.notes(uid(ctx), ctx.params.prospectId),
    notesCreate: async (ctx) => prospects.addNote(uid(ctx), ctx.params.prospectId, ctx.body.noteText),
    notesUpdate: async (ctx) => prospects.editNote(uid(ctx), ctx.params.prospectId, ctx.params.noteId, ctx.body.noteText),
    notesDelete: async (ctx) => prospects.deleteNote(uid(ctx), ctx.params.prospectId, ctx.params.noteId),
    notesPinned: async (ctx) => prospects.pinnedNotes(uid(ctx), ctx.params.prospectId),
    notesPin: async (ctx) => prospects.pinNote(uid(ctx), ctx.params.prospectId, ctx.params.noteId, true),
    notesUnpin: async (ctx) => prospects.pinNote(uid(ctx), ctx.params.prospectId, ctx.params.noteId, false),

    // The prospects table and a single prospect
    listProspects: async (ctx) => prospects.listProspects(uid(ctx), ctx.body),
    prospectInfo: async (ctx) => prospects.info(uid(ctx), ctx.params.prospectId, ctx.params.listId),
    prospectAdd: async (ctx) => {
      const { listId, ...edit } = ctx.body;
      return prospects.create(uid(ctx), listId, edit);
    },
    prospectUpdate: async (ctx) => prospects.update(uid(ctx), ctx.params.prospectId, ctx.params.listId, ctx.body),
    prospectPut: async (ctx) => prospects.update(uid(ctx), ctx.params.id, 0, ctx.body),
    prospectLists: async (ctx) => prospects.prospectLists(uid(ctx), ctx.params.id),
    prospectTimeline: async (ctx) => prospects.timeline(uid(ctx), ctx.body.prospectId, ctx.body.page, ctx.body.perPage),
    countryIndustryLists: async (ctx) => {
      userOf(ctx);
      return prospects.countryIndustryLists(ctx.locale);
    },
    checkWithoutEmails: async (ctx) => prospects.withoutEmails(uid(ctx), ctx.body.listId),
    updateCheckEmails: async (ctx) => {
      const session = userOf(ctx);
      const actor = await prospects.actor(session.userId);
      const visible = await Promise.all(ctx.body.ids.map((id) => readableProspect(prospects.db, actor, id).then(() => id, () => null)));
      const ids = visible.filter((id): id is number => id !== null);
      return checkProspectEmails(prospects.db, module.verification, module.enqueue, { userId: session.userId, accountId: actor.accountId }, ids);
    },

    // Tags
    getCustomTags: async (ctx) => prospects.customTags(uid(ctx)),
    listTags: async (ctx) => prospects.listTags(uid(ctx), ctx.params.listId),
    tagsCheckCreate: async (ctx) => prospects.tagProcess(uid(ctx), ctx.body.entityId),
    tagsSave: async (ctx) => {
      const userId = uid(ctx);
      const target = ctx.body.prospects;
      return prospects.saveTags(userId, ctx.body.tags, target, (processId, tagIds) =>
        module.enqueue(TAG_JOB, { processId, userId, listId: Array.isArray(target) ? null : target.listId, tagIds }, processId),
      );
    },
    tagsDelete: async (ctx) => prospects.deleteTag(uid(ctx), ctx.body.tagId, ctx.body.prospects),

    // Columns and options
    columnsSettingsGet: async (ctx) => prospects.columns(uid(ctx)),
    columnsSettingsSave: async (ctx) => prospects.saveColumns(uid(ctx), ctx.body),
    searchProspectEmailsOptions: async (ctx) => {
      userOf(ctx);
      return prospects.searchOptions();
    },

    // Global search
    listsNewSearch: async (ctx) => prospects.search(uid(ctx), ctx.body.filters, ctx.body.page, ctx.body.perPage, true),
    prospectsSearch: async (ctx) => prospects.search(uid(ctx), ctx.body.filters, ctx.body.page, ctx.body.perPage, false),
    searchLastSearches: async (ctx) => prospects.lastSearches(uid(ctx), ctx.body.limit),
    searchAddToList: async (ctx) => prospects.searchAddToList(uid(ctx), ctx.body.listId, ctx.body.ids, ctx.body.filters),

    // Import and export
    importUploadChunk: async (ctx) => {
      const session = userOf(ctx);
      const actor = await prospects.actor(session.userId);
      return imports.upload(session.userId, actor.accountId, ctx.body);
    },
    checkUpload: async (ctx) => imports.check(uid(ctx), ctx.params.importId),
    saveCsv: async (ctx) => imports.start(uid(ctx), ctx.params.importId, ctx.body.mapping, ctx.body.duplicatePolicy),
    markListDownloaded: async (ctx) => imports.markDownloaded(uid(ctx), ctx.params.id),
    exportCsv: async (ctx) => {
      const csv = await imports.exportCsv(uid(ctx), ctx.body.listId, ctx.body.ids);
      return sendCsv(ctx.reply, `prospects-${ctx.body.listId ?? 'all'}`, csv);
    },

    // Companies
    companiesWithLogo: async (ctx) => prospects.companiesWithLogo(uid(ctx), ctx.body.query),
    companiesOverview: async (ctx) => prospects.companyOverview(uid(ctx), ctx.params.id),
    companyListsGet: async (ctx) => prospects.companyLists(uid(ctx)),
    companiesGetAll: async (ctx) => prospects.companiesPage(uid(ctx), ctx.body),
    companiesGetHistory: async (ctx) => prospects.companyHistory(uid(ctx), ctx.body.page, ctx.body.limit),
    companiesMove: async (ctx) => prospects.moveItems(uid(ctx), 'company', ctx.body.items, ctx.body.moveFrom, ctx.body.moveTo),
    companiesDelete: async (ctx) => prospects.deleteCompanies(uid(ctx), ctx.body),
    companiesExport: async (ctx) => {
      const csv = await imports.exportCompanies(uid(ctx), ctx.params.id);
      return sendCsv(ctx.reply, `companies-${ctx.params.id}`, csv);
    },
    addCompanyToList: async (ctx) => prospects.addCompanyToList(uid(ctx), ctx.body),
    checkUserPayments: async (ctx) => prospects.checkUserPayments(uid(ctx)),
  };
}
