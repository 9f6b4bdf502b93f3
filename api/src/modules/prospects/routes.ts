/** HTTP handlers of the prospects calls declared in contracts (thin: parse → service → answer). */
import type { FastifyReply } from 'fastify';
import { userOf, type HandlerMap } from '../../http/route-kit';
import type { Services } from '../../services';
import { DomainError } from '../../http/domain-error';
import { checkProspectEmails, queueSelectionEmails } from './email-checks';
import { TAG_JOB, type TagJobData } from './import-service';
import type { BulkSubject } from './service';
import * as repo from './repository';

function sendCsv(reply: FastifyReply, name: string, csv: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

/** The ids or the selection of a bulk call (the contract makes sure exactly one is there). */
function subjectOf(ids: number[] | undefined, selection: Extract<BulkSubject, { selection: unknown }>['selection'] | undefined): BulkSubject {
  if (selection) return { selection };
  return { ids: ids ?? [] };
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
    listsAddProspectToList: async (ctx) => {
      const { itemId, selection } = ctx.body;
      return prospects.addToList(uid(ctx), ctx.body.type, ctx.body.listId, subjectOf(itemId === undefined ? undefined : Array.isArray(itemId) ? itemId : [itemId], selection));
    },
    listsEdit: async (ctx) => prospects.renameList(uid(ctx), ctx.body.type, ctx.body.listId, ctx.body.newName),
    listsMove: async (ctx) => prospects.moveItems(uid(ctx), ctx.body.type, subjectOf(ctx.body.items, ctx.body.selection), ctx.body.moveFrom, ctx.body.moveTo),
    listsRemoveItems: async (ctx) => {
      const { items, selection, ...rest } = ctx.body;
      return prospects.removeItems(uid(ctx), { ...rest, ...subjectOf(items, selection) });
    },
    listsEmailStats: async (ctx) => prospects.emailStats(uid(ctx), ctx.body.id, ctx.body.perPage),
    listsCheckUsageInCampaigns: async (ctx) => {
      uid(ctx);
      // Campaigns arrive with their own issue: answering "no campaign" before then would be a claim no data backs.
      throw new DomainError('not_available_yet');
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
      const verifier = { userId: session.userId, accountId: actor.accountId };
      if (ctx.body.selection) {
        return queueSelectionEmails(prospects.db, module.verification, module.enqueue, verifier, await prospects.selectionSql(actor, ctx.body.selection));
      }
      // The caller's and their team's prospects among the ids, in one query.
      const ids = await repo.prospectIdsOwnedBy(prospects.db, ctx.body.ids ?? [], actor.teamUserIds);
      return checkProspectEmails(prospects.db, module.verification, module.enqueue, verifier, ids);
    },

    // Tags
    getCustomTags: async (ctx) => prospects.customTags(uid(ctx)),
    listTags: async (ctx) => prospects.listTags(uid(ctx), ctx.params.listId),
    tagsCheckCreate: async (ctx) => prospects.tagProcess(uid(ctx), ctx.body.entityId),
    tagsSave: async (ctx) => {
      const userId = uid(ctx);
      const target = ctx.body.prospects;
      return prospects.saveTags(userId, ctx.body.tags, target, (processId, tagIds, selection) =>
        module.enqueue(
          TAG_JOB,
          { processId, userId, listId: Array.isArray(target) ? null : 'listId' in target ? target.listId : target.selection.listId, tagIds, selection } satisfies TagJobData,
          processId,
        ),
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
      const userId = uid(ctx);
      const { listId, ids, selection } = ctx.body;
      if (selection && selection.listId !== listId) throw new DomainError('field_invalid', { field: 'selection' });
      const only = selection ? await prospects.selectionSql(await prospects.actor(userId), selection) : undefined;
      const csv = await imports.exportCsv(userId, listId, ids, only);
      return sendCsv(ctx.reply, `prospects-${ctx.body.listId ?? 'all'}`, csv);
    },

    // Companies
    companiesWithLogo: async (ctx) => prospects.companiesWithLogo(uid(ctx), ctx.body.query),
    companiesOverview: async (ctx) => prospects.companyOverview(uid(ctx), ctx.params.id),
    companyListsGet: async (ctx) => prospects.companyLists(uid(ctx)),
    companiesGetAll: async (ctx) => prospects.companiesPage(uid(ctx), ctx.body),
    companiesGetHistory: async (ctx) => prospects.companyHistory(uid(ctx), ctx.body.page, ctx.body.limit, ctx.body.listId),
    companiesMove: async (ctx) => prospects.moveItems(uid(ctx), 'company', { ids: ctx.body.items }, ctx.body.moveFrom, ctx.body.moveTo),
    companiesDelete: async (ctx) => prospects.deleteCompanies(uid(ctx), ctx.body),
    companiesExport: async (ctx) => {
      const csv = await imports.exportCompanies(uid(ctx), ctx.params.id);
      return sendCsv(ctx.reply, `companies-${ctx.params.id}`, csv);
    },
    addCompanyToList: async (ctx) => prospects.addCompanyToList(uid(ctx), ctx.body),
    checkUserPayments: async (ctx) => prospects.checkUserPayments(uid(ctx)),
  };
}
