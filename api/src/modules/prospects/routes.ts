/**
 * HTTP handlers of the prospects calls declared in contracts (thin: parse → service → answer).
 * Every handler hands the request's caller, resolved once with the session, to its service.
 */
import type { FastifyReply } from 'fastify';
import { DomainError } from '../../http/domain-error';
import { callerOf, userOf, type HandlerMap } from '../../http/route-kit';
import type { Services } from '../../services';
import { selectionSql, type BulkSubject, type ParsedSelection } from './table/selection';
import { TAG_JOB, type TagJobData } from './tags/tagging';

function sendCsv(reply: FastifyReply, name: string, csv: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

/** The ids or the selection of a bulk call (the contract makes sure exactly one is there). */
function subjectOf(ids: number[] | undefined, selection: ParsedSelection | undefined): BulkSubject {
  if (selection) return { selection };
  return { ids: ids ?? [] };
}

export function prospectsHandlers(services: Services): HandlerMap {
  const { db } = services;
  const area = services.prospects;
  const { lists, folders, table, prospect, notes, tags, customFields, columns, search, companies, imports, emails } = area;

  return {
    // Lists and folders
    getListsInfo: async (ctx) => lists.listsInfo(callerOf(ctx), ctx.body),
    getLists: async (ctx) => lists.overview(callerOf(ctx), ctx.query.id),
    listsAdd: async (ctx) => lists.addList(callerOf(ctx), ctx.body.type, ctx.body.name),
    listsAddProspectToList: async (ctx) => {
      const { itemId, selection } = ctx.body;
      return lists.addToList(callerOf(ctx), ctx.body.type, ctx.body.listId, subjectOf(itemId === undefined ? undefined : Array.isArray(itemId) ? itemId : [itemId], selection));
    },
    listsEdit: async (ctx) => lists.renameList(callerOf(ctx), ctx.body.type, ctx.body.listId, ctx.body.newName),
    listsMove: async (ctx) => lists.moveItems(callerOf(ctx), ctx.body.type, subjectOf(ctx.body.items, ctx.body.selection), ctx.body.moveFrom, ctx.body.moveTo),
    listsRemoveItems: async (ctx) => {
      const { items, selection, ...rest } = ctx.body;
      return lists.removeItems(callerOf(ctx), { ...rest, ...subjectOf(items, selection) });
    },
    listsEmailStats: async (ctx) => lists.emailStats(callerOf(ctx), ctx.body.id, ctx.body.perPage),
    listsCheckUsageInCampaigns: async (ctx) => lists.usageInCampaigns(callerOf(ctx), ctx.body.listIds),
    listsDelete: async (ctx) => lists.deleteList(callerOf(ctx), ctx.body.id, ctx.body.type, ctx.body.deleteRecipients),
    listsDefaultName: async (ctx) => lists.defaultListName(callerOf(ctx), ctx.body.type),
    listsRestore: async (ctx) => lists.restoreList(callerOf(ctx), ctx.body.id),
    listsDeleteWithoutSave: async (ctx) => lists.deleteListForGood(callerOf(ctx), ctx.body.id),
    listsSearch: async (ctx) => lists.searchLists(callerOf(ctx), ctx.body.query, ctx.body.type),
    foldersList: async (ctx) => ({ folders: await folders.folders(callerOf(ctx)) }),
    foldersCreate: async (ctx) => folders.createFolder(callerOf(ctx), ctx.body.name),
    foldersRename: async (ctx) => folders.renameFolder(callerOf(ctx), ctx.body.id, ctx.body.name),
    foldersDelete: async (ctx) => folders.deleteFolder(callerOf(ctx), ctx.params.id),
    foldersMove: async (ctx) => folders.moveFolder(callerOf(ctx), ctx.body.id, ctx.body.position),
    foldersListMove: async (ctx) => folders.fileList(callerOf(ctx), ctx.body.listId, ctx.body.folderId, ctx.body.fromFolderId),

    // Custom fields
    customFieldGroupsGet: async (ctx) => customFields.fieldGroups(callerOf(ctx)),
    customFieldGroupsSave: async (ctx) => customFields.saveGroup(callerOf(ctx), ctx.body),
    customFieldGroupsDelete: async (ctx) => customFields.deleteGroup(callerOf(ctx), ctx.params.id),
    customFieldsCreate: async (ctx) => customFields.createField(callerOf(ctx), ctx.body),
    customFieldsUpdate: async (ctx) => customFields.updateField(callerOf(ctx), ctx.params.id, ctx.body),
    customFieldsDelete: async (ctx) => customFields.deleteField(callerOf(ctx), ctx.params.id),

    // Notes
    notesList: async (ctx) => notes.notes(callerOf(ctx), ctx.params.prospectId),
    notesCreate: async (ctx) => notes.addNote(callerOf(ctx), ctx.params.prospectId, ctx.body.noteText),
    notesUpdate: async (ctx) => notes.editNote(callerOf(ctx), ctx.params.prospectId, ctx.params.noteId, ctx.body.noteText),
    notesDelete: async (ctx) => notes.deleteNote(callerOf(ctx), ctx.params.prospectId, ctx.params.noteId),
    notesPinned: async (ctx) => notes.pinnedNotes(callerOf(ctx), ctx.params.prospectId),
    notesPin: async (ctx) => notes.pinNote(callerOf(ctx), ctx.params.prospectId, ctx.params.noteId, true),
    notesUnpin: async (ctx) => notes.pinNote(callerOf(ctx), ctx.params.prospectId, ctx.params.noteId, false),

    // The prospects table and a single prospect
    listProspects: async (ctx) => table.listProspects(callerOf(ctx), ctx.body),
    prospectInfo: async (ctx) => prospect.info(callerOf(ctx), ctx.params.prospectId, ctx.params.listId),
    prospectAdd: async (ctx) => {
      const { listId, ...edit } = ctx.body;
      return prospect.create(callerOf(ctx), listId, edit);
    },
    prospectUpdate: async (ctx) => prospect.update(callerOf(ctx), ctx.params.prospectId, ctx.params.listId, ctx.body),
    prospectPut: async (ctx) => prospect.update(callerOf(ctx), ctx.params.id, 0, ctx.body),
    prospectLists: async (ctx) => prospect.prospectLists(callerOf(ctx), ctx.params.id),
    prospectTimeline: async (ctx) => prospect.timeline(callerOf(ctx), ctx.body.prospectId, ctx.body.page, ctx.body.perPage),
    countryIndustryLists: async (ctx) => {
      userOf(ctx);
      return prospect.countryIndustryLists(ctx.locale);
    },
    checkWithoutEmails: async (ctx) => table.withoutEmails(callerOf(ctx), ctx.body.listId),
    updateCheckEmails: async (ctx) => {
      const caller = callerOf(ctx);
      if (ctx.body.selection) return emails.checkSelection(caller, await selectionSql(db, caller, ctx.body.selection));
      return emails.check(caller, ctx.body.ids ?? []);
    },

    // Tags
    getCustomTags: async (ctx) => tags.customTags(callerOf(ctx)),
    listTags: async (ctx) => tags.listTags(callerOf(ctx), ctx.params.listId),
    tagsCheckCreate: async (ctx) => tags.tagProcess(callerOf(ctx), ctx.body.entityId),
    tagsSave: async (ctx) => {
      const caller = callerOf(ctx);
      const target = ctx.body.prospects;
      return tags.saveTags(caller, ctx.body.tags, target, (processId, tagIds, selection) =>
        area.enqueue(
          TAG_JOB,
          {
            processId,
            userId: caller.userId,
            listId: Array.isArray(target) ? null : 'listId' in target ? target.listId : target.selection.listId,
            tagIds,
            selection,
          } satisfies TagJobData,
          processId,
        ),
      );
    },
    tagsDelete: async (ctx) => tags.deleteTag(callerOf(ctx), ctx.body.tagId, ctx.body.prospects),

    // Columns and options
    columnsSettingsGet: async (ctx) => columns.columns(callerOf(ctx)),
    columnsSettingsSave: async (ctx) => columns.saveColumns(callerOf(ctx), ctx.body),
    searchProspectEmailsOptions: async (ctx) => {
      userOf(ctx);
      return columns.searchOptions();
    },

    // Global search
    listsNewSearch: async (ctx) => search.search(callerOf(ctx), ctx.body.filters, ctx.body.page, ctx.body.perPage, true),
    prospectsSearch: async (ctx) => search.search(callerOf(ctx), ctx.body.filters, ctx.body.page, ctx.body.perPage, false),
    searchLastSearches: async (ctx) => search.lastSearches(callerOf(ctx), ctx.body.limit),
    searchAddToList: async (ctx) => search.addToList(callerOf(ctx), ctx.body.listId, ctx.body.ids, ctx.body.filters),

    // Import and export
    importUploadChunk: async (ctx) => imports.upload(callerOf(ctx), ctx.body),
    checkUpload: async (ctx) => imports.check(callerOf(ctx), ctx.params.importId),
    saveCsv: async (ctx) => imports.start(callerOf(ctx), ctx.params.importId, ctx.body.mapping, ctx.body.duplicatePolicy),
    markListDownloaded: async (ctx) => imports.markDownloaded(callerOf(ctx), ctx.params.id),
    exportCsv: async (ctx) => {
      const caller = callerOf(ctx);
      const { listId, ids, selection } = ctx.body;
      if (selection && selection.listId !== listId) throw new DomainError('field_invalid', { field: 'selection' });
      const only = selection ? await selectionSql(db, caller, selection) : undefined;
      const csv = await imports.exportCsv(caller, listId, ids, only);
      return sendCsv(ctx.reply, `prospects-${ctx.body.listId ?? 'all'}`, csv);
    },

    // Companies
    companiesWithLogo: async (ctx) => companies.companiesWithLogo(callerOf(ctx), ctx.body.query),
    companiesOverview: async (ctx) => companies.companyOverview(callerOf(ctx), ctx.params.id),
    companyListsGet: async (ctx) => companies.companyLists(callerOf(ctx)),
    companiesGetAll: async (ctx) => companies.companiesPage(callerOf(ctx), ctx.body),
    companiesGetHistory: async (ctx) => companies.companyHistory(callerOf(ctx), ctx.body.page, ctx.body.limit, ctx.body.listId),
    companiesMove: async (ctx) => lists.moveItems(callerOf(ctx), 'company', { ids: ctx.body.items }, ctx.body.moveFrom, ctx.body.moveTo),
    companiesDelete: async (ctx) => companies.deleteCompanies(callerOf(ctx), ctx.body),
    companiesExport: async (ctx) => {
      const csv = await imports.exportCompanies(callerOf(ctx), ctx.params.id);
      return sendCsv(ctx.reply, `companies-${ctx.params.id}`, csv);
    },
    addCompanyToList: async (ctx) => companies.addCompanyToList(callerOf(ctx), ctx.body),
    checkUserPayments: async (ctx) => companies.checkUserPayments(callerOf(ctx)),
  };
}
