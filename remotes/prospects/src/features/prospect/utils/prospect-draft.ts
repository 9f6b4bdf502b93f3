/**
 * The prospect editor's draft and how it becomes a save: every rule of document 1 §5 "Prospect"
 * comes from the contracts' rules module, so the form shows exactly the errors the API would give.
 */
import {
  cleanInput,
  companyErrors,
  normaliseCustomFieldValue,
  prospectNameError,
  removeBlankCompanies,
  sanitizeText,
  splitRemovals,
  type CustomFieldType,
  type ErrorKey,
  type ProspectEdit,
  type ProspectInfo,
} from '@leadforge/contracts';
import type { ProspectAccessMap } from './prospect-access';

export interface DraftEmail {
  id: number | null;
  email: string;
}
export interface DraftPhone {
  id: number | null;
  phone: string;
}
export interface DraftCompany {
  id: number | null;
  name: string;
  url: string;
  position: string;
  hqPhone: string;
}
export interface DraftCustomField {
  id: number;
  type: CustomFieldType;
  value: string;
}

export interface ProspectDraft {
  name: string;
  firstName: string;
  lastName: string;
  locality: string;
  countryId: number | null;
  industryId: number | null;
  social: string;
  emails: DraftEmail[];
  phones: DraftPhone[];
  companies: DraftCompany[];
  customFields: DraftCustomField[];
}

/** Field paths the form shows errors on: `name`, `companies.0.url`, … */
export type FieldErrors = Record<string, ErrorKey>;

export function draftFromProspect(prospect: ProspectInfo | null): ProspectDraft {
  return {
    name: prospect?.name ?? '',
    firstName: prospect?.firstName ?? '',
    lastName: prospect?.lastName ?? '',
    locality: prospect?.locality ?? '',
    countryId: prospect?.countryId ?? null,
    industryId: prospect?.industryId ?? null,
    social: prospect?.social ?? '',
    emails: (prospect?.emails ?? []).map((email) => ({ id: email.email_id, email: email.email })),
    phones: (prospect?.phones ?? []).map((phone) => ({ id: phone.phoneId, phone: phone.phone })),
    companies: (prospect?.companies ?? []).map((company) => ({
      id: company.entityId,
      name: company.name,
      url: company.url,
      position: company.position,
      hqPhone: company.hqPhone,
    })),
    customFields: (prospect?.customFields ?? []).map((field) => ({ id: field.id, type: field.type, value: field.value })),
  };
}

/**
 * Errors by field path. Company indexes point at the rows as the user sees them (blank rows are
 * dropped on save, so the rule's indexes are mapped back to the visible rows).
 */
export function validateDraft(draft: ProspectDraft): FieldErrors {
  const errors: FieldErrors = {};
  const nameError = prospectNameError(draft.name);
  if (nameError) errors.name = nameError;
  const visibleIndexes = draft.companies
    .map((company, index) => ({ company, index }))
    .filter(({ company }) => removeBlankCompanies([company]).length > 0)
    .map(({ index }) => index);
  for (const error of companyErrors(draft.companies)) {
    const index = visibleIndexes[error.index] ?? error.index;
    errors[`companies.${index}.${error.field}`] = error.key;
  }
  return errors;
}

const clean = (value: string) => sanitizeText(cleanInput(value));
const editable = (access: ProspectAccessMap, element: keyof ProspectAccessMap) => access[element] === 'edit';

/**
 * The edit to send (prospects-new/update body), with only the elements this viewer may edit (the
 * API refuses the others). Text is cleaned (; " \ < > stripped, sanitised); an emptied phone,
 * email or custom value is sent empty with its id, which removes it; an empty row never saved is
 * dropped; blank company rows are dropped; number fields normalised ('-' empty, trailing dot off).
 */
export function prepareSave(draft: ProspectDraft, access: ProspectAccessMap): ProspectEdit {
  const edit: ProspectEdit = {};
  if (editable(access, 'names')) {
    edit.name = clean(draft.name);
    edit.firstName = clean(draft.firstName) || null;
    edit.lastName = clean(draft.lastName) || null;
  }
  if (editable(access, 'locality')) edit.locality = clean(draft.locality) || null;
  if (editable(access, 'country')) edit.countryId = draft.countryId;
  if (editable(access, 'industry')) edit.industryId = draft.industryId;
  if (editable(access, 'socialLinks')) edit.social = draft.social.trim() || null;
  if (editable(access, 'emails')) {
    const { keep, removeIds } = splitRemovals(draft.emails, (email) => email.email, (email) => email.id);
    edit.emails = [
      ...keep.map((email) => ({ email_id: email.id, email: email.email.trim() })),
      ...removeIds.map((id) => ({ email_id: id, email: '' })),
    ];
  }
  if (editable(access, 'phones')) {
    const { keep, removeIds } = splitRemovals(draft.phones, (phone) => phone.phone, (phone) => phone.id);
    edit.phones = [
      ...keep.map((phone) => ({ phoneId: phone.id, phone: clean(phone.phone) })),
      ...removeIds.map((id) => ({ phoneId: id, phone: '' })),
    ];
  }
  if (editable(access, 'companies')) {
    edit.companies = removeBlankCompanies(draft.companies).map((company) => ({
      entityId: company.id,
      name: clean(company.name),
      url: company.url.trim(),
      position: clean(company.position),
      hqPhone: company.hqPhone.trim(),
    }));
  }
  if (editable(access, 'customFields')) {
    edit.customFields = draft.customFields.map((field) => ({ id: field.id, value: clean(normaliseCustomFieldValue(field.type, field.value)) }));
  }
  return edit;
}
