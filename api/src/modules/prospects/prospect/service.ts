/**
 * A single prospect: its card with the viewer-class table of document 1 §6 applied cell by cell,
 * creation and edits (the rules are in edit.ts), its lists and its timeline.
 */
import { PROSPECT_ELEMENTS, canSee, prospectAccess, type CustomFieldType, type ProspectEdit, type ProspectInfo, type ViewerClass } from '@leadforge/contracts';
import type { Db } from '../../../db/types';
import { scopeOf, type Caller } from '../../account/caller';
import { campaignsOfProspects } from '../../campaigns/usage';
import { listCountries } from '../../general/reference-data';
import { ownList, readableProspect } from '../access';
import { fieldsOf } from '../custom-fields/repository';
import { INDUSTRIES } from '../industries';
import { addItemsToList } from '../lists/repository';
import { encodeProspectId, toWebUrl } from '../normalise';
import { planEdit } from './edit';
import * as repo from './repository';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export class ProspectService {
  constructor(private readonly db: Db) {}

  async info(caller: Caller, prospectId: number, listId: number): Promise<ProspectInfo> {
    const { prospect, viewer } = await readableProspect(this.db, caller, prospectId);
    return this.infoOf(caller, prospect, viewer, listId);
  }

  private async infoOf(caller: Caller, p: repo.ProspectRowDb, viewer: ViewerClass, listId: number): Promise<ProspectInfo> {
    const scope = scopeOf(caller);
    const ids = [p.id];
    const [emails, phones, companies, tags, lists, customs, ownerFields, campaigns] = await Promise.all([
      repo.emailsOf(this.db, scope, ids),
      repo.phonesOf(this.db, scope, ids),
      repo.companiesOf(this.db, scope, ids),
      repo.tagsOf(this.db, scope, ids),
      repo.listsOfProspects(this.db, scope, ids),
      repo.customValuesOf(this.db, scope, ids),
      fieldsOf(this.db, scope, [p.userId]),
      campaignsOfProspects(this.db, scope, ids),
    ]);
    const visibleLists = lists.filter((l) => scope.readableUserIds.includes(l.userId) || l.userId === caller.userId);
    const access = Object.fromEntries(PROSPECT_ELEMENTS.map((element) => [element, prospectAccess(element, viewer)]));
    const isOwner = p.userId === caller.userId;
    const customVisible = isOwner ? canSee('customFields', viewer) : canSee('teamCustomFields', viewer);
    const info: ProspectInfo = {
      id: p.id,
      encodedId: encodeProspectId(p.id),
      name: p.name,
      firstName: p.firstName,
      lastName: p.lastName,
      industry: p.industry,
      industryId: p.industryId,
      country: p.country,
      countryId: p.countryId,
      locality: p.locality,
      logo: toWebUrl(p.logo),
      source: p.source,
      sourcePage: p.sourcePage,
      addDate: iso(p.createdAt),
      emails: emails.map((e) => ({
        email_id: e.id,
        email: e.email,
        status: e.status as ProspectInfo['emails'][number]['status'],
        statusVerifyText: e.status,
        tags: e.tags,
      })),
      companies: companies.map((c) => ({ entityId: c.companyId, name: c.name, url: c.url, position: c.position, hqPhone: c.hqPhone })),
      tags: tags.map(({ prospectId: _, ...tag }) => tag),
      otherSocials: p.otherSocials.flatMap((s) => {
        const url = toWebUrl(s.url);
        return url ? [{ network: s.network, url }] : [];
      }),
      social: toWebUrl(p.social),
      lists: visibleLists.map((l) => ({ listId: l.listId, name: l.name, isMemberLists: l.userId !== caller.userId })),
      // The campaigns the caller may see that this prospect is a recipient of, with the recipient's status there.
      campaigns: campaigns.map((c) => ({ campaignId: Number(c.id), title: c.title, status: c.status })),
      integrations: { sentToPipedrive: false, pipedriveError: null, sentToHubspot: false, hubspotError: null, hubspotContactUrl: null },
      isGreylisted: emails.some((e) => e.status === 'greylist'),
      isSearchInProgress: false,
      timezone: p.timezone,
      list_id: listId > 0 ? listId : (visibleLists[0]?.listId ?? null),
      parse_in_progress: false,
      viewerClass: viewer,
      access,
      ownerUserId: p.userId,
    };
    if (canSee('phones', viewer)) info.phones = phones.map((phone) => ({ phoneId: phone.id, phone: phone.phone }));
    if (canSee('deals', viewer)) info.deals = [];
    if (customVisible) {
      const values = new Map(customs.filter((c) => c.userId === p.userId).map((c) => [c.fieldId, c.value]));
      info.customFields = ownerFields.map((field) => ({
        id: field.id,
        value: values.get(field.id) ?? '',
        name: field.name,
        type: field.type as CustomFieldType,
        isMemberField: !isOwner,
      }));
    }
    if (canSee('mood', viewer)) info.mood = { point: p.moodPoint as 0 | 1 | 2 | 3, type: p.moodType as 'ai' | 'manual' | 'notSet' };
    if (canSee('duplicates', viewer)) info.duplicates = await repo.duplicatesOf(this.db, scope, p.id);
    return info;
  }

  async create(caller: Caller, listId: number, edit: ProspectEdit & { name: string }) {
    const scope = scopeOf(caller);
    await ownList(this.db, scope, listId);
    const id = await this.db.transaction(async (tx) => {
      const row = await repo.insertProspect(tx, scope);
      await repo.writeProspect(tx, scope, row.id, await planEdit(tx, scope, row, 'new', edit));
      await addItemsToList(tx, scope, listId, [row.id]);
      await repo.addEvents(tx, scope, [row.id], 'created', { listId });
      return row.id;
    });
    const prospect = (await repo.teamProspectById(this.db, scope, id))!;
    return this.infoOf(caller, prospect, 'own', listId);
  }

  async update(caller: Caller, prospectId: number, listId: number, edit: ProspectEdit) {
    const scope = scopeOf(caller);
    const { prospect, viewer } = await readableProspect(this.db, caller, prospectId);
    await this.db.transaction(async (tx) => {
      // A teammate may send an edit without fields (nothing to check or write): it is still on the timeline.
      await repo.writeProspect(tx, scope, prospect.id, await planEdit(tx, scope, prospect, viewer, edit));
      await repo.addEvents(tx, scope, [prospect.id], 'updated', { fields: Object.keys(edit) });
    });
    const fresh = (await repo.teamProspectById(this.db, scope, prospect.id))!;
    return this.infoOf(caller, fresh, viewer, listId);
  }

  async prospectLists(caller: Caller, prospectId: number) {
    const scope = scopeOf(caller);
    const { prospect } = await readableProspect(this.db, caller, prospectId);
    const lists = await repo.listsOfProspects(this.db, scope, [prospect.id]);
    return {
      lists: lists.filter((l) => scope.readableUserIds.includes(l.userId)).map((l) => ({ listId: l.listId, name: l.name, isMemberLists: l.userId !== caller.userId })),
    };
  }

  async timeline(caller: Caller, prospectId: number, page: number, perPage: number) {
    const { prospect } = await readableProspect(this.db, caller, prospectId);
    const { items, total } = await repo.eventsPage(this.db, scopeOf(caller), prospect.id, page, perPage);
    const events = items.map((e) => ({ id: e.id, kind: e.kind, details: e.details, userId: e.userId, createdAt: iso(e.createdAt) }));
    // Imported and found prospects get no event row per prospect (bulk writes stay fast): their
    // creation is told from the prospect itself, as the oldest entry on the last page.
    const hasCreated = events.some((e) => e.kind === 'created');
    const lastPage = (page - 1) * perPage + items.length >= total;
    if (!hasCreated && lastPage && prospect.source !== 'manual') {
      events.push({ id: prospect.id, kind: 'created', details: { source: prospect.source }, userId: prospect.userId, createdAt: iso(prospect.createdAt) });
    }
    return { items: events, total: total + (prospect.source !== 'manual' ? 1 : 0) };
  }

  countryIndustryLists(locale: string) {
    return { countries: listCountries(locale).map((c) => ({ id: c.id, name: c.name })), industries: [...INDUSTRIES] };
  }
}
