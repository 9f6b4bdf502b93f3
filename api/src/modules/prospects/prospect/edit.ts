/**
 * The edit rules of document 1 §5: elements the viewer class may not edit are refused, every
 * field is checked and cleaned, and the outcome is what prospect/repository writes.
 */
import {
  EMAIL_FILTER_PATTERN,
  canEdit,
  companyErrors,
  isValidPhone,
  normaliseCustomFieldValue,
  prospectNameError,
  removeBlankCompanies,
  splitRemovals,
  type CustomFieldType,
  type ProspectEdit,
  type ProspectElement,
  type ViewerClass,
} from '@leadforge/contracts';
import type { DbOrTx } from '../../../db/types';
import { DomainError, type DomainErrorItem } from '../../../http/domain-error';
import type { Scope } from '../../account/caller';
import { fieldsOf } from '../custom-fields/repository';
import { listCountries } from '../../general/reference-data';
import { INDUSTRIES, industryById } from '../industries';
import { cleanText, nameCompanyKey, normaliseEmail, normaliseSocial, searchNameOf, toWebUrl } from '../normalise';
import type { ProspectRowDb, ProspectWrite } from './repository';

/** Which element of §6 each edited field belongs to. */
const EDIT_ELEMENTS: Record<keyof ProspectEdit, ProspectElement> = {
  name: 'names',
  firstName: 'names',
  lastName: 'names',
  industryId: 'industry',
  industry: 'industry',
  countryId: 'country',
  locality: 'locality',
  timezone: 'locality',
  social: 'socialLinks',
  otherSocials: 'socialLinks',
  emails: 'emails',
  phones: 'phones',
  companies: 'companies',
  customFields: 'customFields',
};

function customValueValid(type: CustomFieldType, value: string): boolean {
  switch (type) {
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(value);
    case 'date':
      return !Number.isNaN(Date.parse(value));
    case 'url':
      return toWebUrl(value) !== null;
    case 'text':
      return true;
  }
}

/** Every rule of document 1 §5 applied to an edit of `p`; throws the first error with all of them as items. */
export async function planEdit(db: DbOrTx, scope: Scope, p: ProspectRowDb, viewer: ViewerClass, edit: ProspectEdit): Promise<ProspectWrite> {
  for (const key of Object.keys(edit) as (keyof ProspectEdit)[]) {
    if (edit[key] === undefined) continue;
    if (!canEdit(EDIT_ELEMENTS[key], viewer)) throw new DomainError('forbidden', { field: key });
  }
  const errors: DomainErrorItem[] = [];
  const set: ProspectWrite['set'] = {};

  const name = edit.name !== undefined ? (cleanText(edit.name) ?? '') : p.name;
  if (edit.name !== undefined) {
    const error = prospectNameError(name);
    if (error) errors.push({ key: error, field: 'name' });
    set.name = name;
    set.searchName = searchNameOf(name);
  }
  if (edit.firstName !== undefined) set.firstName = cleanText(edit.firstName)?.slice(0, 251) ?? null;
  if (edit.lastName !== undefined) set.lastName = cleanText(edit.lastName)?.slice(0, 251) ?? null;
  if (edit.locality !== undefined) set.locality = cleanText(edit.locality);
  if (edit.timezone !== undefined) set.timezone = cleanText(edit.timezone);
  if (edit.industryId !== undefined) {
    const industry = edit.industryId === null ? null : industryById(edit.industryId);
    if (edit.industryId !== null && !industry) errors.push({ key: 'field_invalid', field: 'industryId' });
    set.industryId = industry?.id ?? null;
    set.industry = industry?.name ?? null;
  } else if (edit.industry !== undefined) {
    set.industry = cleanText(edit.industry);
    set.industryId = INDUSTRIES.find((i) => i.name.toLowerCase() === (set.industry ?? '').toLowerCase())?.id ?? null;
  }
  if (edit.countryId !== undefined) {
    const country = edit.countryId === null ? null : listCountries('en').find((c) => c.id === edit.countryId);
    if (edit.countryId !== null && !country) errors.push({ key: 'field_invalid', field: 'countryId' });
    set.countryId = country?.id ?? null;
    set.country = country?.name ?? null;
  }
  if (edit.social !== undefined) {
    const social = edit.social && edit.social.trim() ? toWebUrl(edit.social) : null;
    if (edit.social && edit.social.trim() && !social) errors.push({ key: 'field_invalid', field: 'social' });
    set.social = social;
    set.socialNorm = normaliseSocial(social);
  }
  if (edit.otherSocials !== undefined) {
    const socials = edit.otherSocials.filter((s) => s.url.trim());
    socials.forEach((s, index) => {
      if (!toWebUrl(s.url)) errors.push({ key: 'field_invalid', field: `otherSocials.${index}.url` });
    });
    set.otherSocials = socials.map((s) => ({ network: cleanText(s.network) ?? 'other', url: toWebUrl(s.url) ?? '' }));
  }

  let companies: ProspectWrite['companies'] = null;
  if (edit.companies !== undefined) {
    const rows = removeBlankCompanies(edit.companies);
    for (const error of companyErrors(rows)) errors.push({ key: error.key, field: `companies.${error.index}.${error.field}` });
    companies = rows.map((c) => ({ name: (c.name ?? '').trim(), url: (c.url ?? '').trim(), position: cleanText(c.position) ?? '', hqPhone: (c.hqPhone ?? '').trim() }));
    set.companyName = companies[0]?.name || null;
  }
  if (set.name !== undefined || set.companyName !== undefined) {
    set.nameCompanyKey = nameCompanyKey(set.name ?? p.name, set.companyName !== undefined ? set.companyName : p.companyName);
  }

  let emails: ProspectWrite['emails'] = null;
  if (edit.emails !== undefined) {
    const split = splitRemovals(edit.emails, (e) => e.email, (e) => e.email_id);
    split.keep.forEach((e, index) => {
      if (!EMAIL_FILTER_PATTERN.test(e.email.trim())) errors.push({ key: 'field_invalid', field: `emails.${index}.email` });
    });
    emails = { keep: split.keep.map((e) => ({ id: e.email_id ?? null, email: normaliseEmail(e.email) })), removeIds: split.removeIds };
  }
  let phones: ProspectWrite['phones'] = null;
  if (edit.phones !== undefined) {
    const split = splitRemovals(edit.phones, (e) => e.phone, (e) => e.phoneId);
    split.keep.forEach((e, index) => {
      if (!isValidPhone(e.phone)) errors.push({ key: 'field_invalid', field: `phones.${index}.phone` });
    });
    phones = { keep: split.keep.map((e) => ({ id: e.phoneId ?? null, phone: e.phone.trim() })), removeIds: split.removeIds };
  }
  let customs: ProspectWrite['customs'] = null;
  if (edit.customFields !== undefined) {
    const fields = new Map((await fieldsOf(db, scope, [p.userId])).map((field) => [field.id, field]));
    customs = { set: [], remove: [] };
    for (const [index, item] of edit.customFields.entries()) {
      const field = fields.get(item.id);
      if (!field) {
        errors.push({ key: 'field_invalid', field: `customFields.${index}.id` });
        continue;
      }
      const value = normaliseCustomFieldValue(field.type as CustomFieldType, item.value);
      if (!value) customs.remove.push(field.id);
      else if (!customValueValid(field.type as CustomFieldType, value)) errors.push({ key: 'field_invalid', field: `customFields.${index}.value` });
      else customs.set.push({ fieldId: field.id, value: cleanText(value) ?? value });
    }
  }
  if (errors.length > 0) throw new DomainError(errors[0]!.key, { items: errors });
  return { set, emails, phones, companies, customs };
}
