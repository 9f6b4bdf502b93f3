/** Rows of the prospects table and of global search, with only the cells the viewer class shows (document 1 §6). */
import { canSee, type ProspectRow } from '@leadforge/contracts';
import type { DbOrTx } from '../../../db/types';
import { scopeOf, type Caller } from '../../account/caller';
import { classOf } from '../access';
import { pageDetailsOf } from './repository';

function iso(value: string | Date): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** Table rows for these ids in this order, with the viewer's cells only. */
export async function rowsFor(db: DbOrTx, caller: Caller, page: { id: number; add_date: string | Date }[]): Promise<ProspectRow[]> {
  const ids = page.map((row) => row.id);
  if (ids.length === 0) return [];
  const scope = scopeOf(caller);
  const details = await pageDetailsOf(db, scope, ids);
  const byId = new Map(details.map((detail) => [detail.prospect.id, detail]));
  return page.flatMap(({ id, add_date }) => {
    const detail = byId.get(id);
    if (!detail) return [];
    const { prospect: p, emails, tags, lists, customs } = detail;
    const viewer = classOf(caller, p.userId);
    const customVisible = p.userId === caller.userId ? canSee('customFields', viewer) : canSee('teamCustomFields', viewer);
    const row: ProspectRow = {
      id: p.id,
      name: p.name,
      first_name: p.firstName,
      last_name: p.lastName,
      industry: p.industry,
      country: p.country,
      location: p.locality,
      company: p.companyName,
      company_industry: p.companyIndustry,
      company_country: p.companyCountry,
      emails: canSee('emails', viewer)
        ? emails.map((e) => ({ email_id: e.id, email: e.email, status: e.status as ProspectRow['emails'][number]['status'], statusVerifyText: e.status, tags: e.tags }))
        : [],
      lists: lists
        .filter((l) => scope.readableUserIds.includes(l.userId))
        .map((l) => ({ listId: l.listId, name: l.name, isMemberLists: l.userId !== caller.userId })),
      tags: canSee('tags', viewer) ? tags : [],
      add_date: iso(add_date),
      linkedin: canSee('socialLinks', viewer) ? p.social : null,
      customFields: customVisible ? Object.fromEntries(customs.filter((c) => c.userId === p.userId).map((c) => [`custom_${c.fieldId}`, c.value])) : {},
      ownerUserId: p.userId,
      viewerClass: viewer,
      isDuplicate: detail.isDuplicate,
    };
    if (canSee('deals', viewer)) row.deals = 0;
    return [row];
  });
}
