/** Small factories of API answers for the area's screen tests (test-only). */
import type { ListProspectsResponse, ProspectInfo, ProspectRow } from '@leadforge/contracts';
import { PROSPECT_DEFAULT_COLUMNS, PROSPECT_TABLE_COLUMNS, PROSPECTS_DEFAULT_SORT } from '@leadforge/contracts';

export const NOW = '2026-11-21T10:00:00.000Z';
export const OWNER_ID = 10;

export function prospectRow(overrides: Partial<ProspectRow> = {}): ProspectRow {
  return {
    id: 1,
    name: 'Ada Lovelace',
    first_name: 'Ada',
    last_name: 'Lovelace',
    industry: null,
    country: 'United Kingdom',
    location: 'London',
    company: 'Analytical Engines',
    company_industry: null,
    company_country: null,
    emails: [{ email_id: 11, email: 'ada@example.com', statusVerifyText: 'Valid', tags: [], status: 'valid' }],
    lists: [{ listId: 3, name: 'Pioneers', isMemberLists: false }],
    tags: [{ tagEntityId: 1, id: 5, name: 'vip', type: 'custom' }],
    add_date: NOW,
    deals: 0,
    linkedin: null,
    customFields: {},
    ownerUserId: OWNER_ID,
    viewerClass: 'own',
    isDuplicate: false,
    ...overrides,
  };
}

export function listPage(contacts: ProspectRow[], overrides: Partial<ListProspectsResponse> = {}): ListProspectsResponse {
  return {
    contacts,
    prospectsCount: contacts.length,
    listId: 3,
    linkedinInfo: { withLinkedin: 0, withoutLinkedin: contacts.length },
    relatedCampaigns: [],
    canExport: true,
    showOptions: { canEdit: true, canDelete: true, canVerify: true, canTag: true },
    otherInfo: { tagCreateProcess: null },
    currentProspectList: { id: 3, name: 'Pioneers', userId: OWNER_ID, isMemberList: false },
    duplicatesCount: 0,
    export: { inProgress: false, downloadedAt: null },
    import: { inProgress: false, importId: null },
    notFound: false,
    ...overrides,
  };
}

export function listsOverview() {
  const list = (id: number, name: string, userId: number, folders: number[] = []) => ({
    id,
    name,
    contacts: 2,
    userId,
    folders,
    ownerName: userId === OWNER_ID ? 'Ada' : 'Bob',
    isMemberList: userId !== OWNER_ID,
    createdAt: NOW,
    deletedAt: null,
  });
  return {
    lists: [list(3, 'Pioneers', OWNER_ID, [1]), list(4, 'Team leads', 20)],
    folders: [{ id: 1, name: 'Research', position: 0, lists: [3] }],
    deletedLists: [],
    allContactsCount: 4,
    teamFilterOptions: [],
  };
}

export function columnsSettings() {
  const defaults = {
    columns: PROSPECT_TABLE_COLUMNS.map((key, position) => ({
      key,
      active: (PROSPECT_DEFAULT_COLUMNS as readonly string[]).includes(key),
      position,
      width: null,
    })),
    sort: { ...PROSPECTS_DEFAULT_SORT },
    accountId: OWNER_ID,
    savedAt: NOW,
  };
  return { settings: null, defaults };
}

export function prospectInfo(overrides: Partial<ProspectInfo> = {}): ProspectInfo {
  return {
    id: 1,
    encodedId: 'p1',
    name: 'Ada Lovelace',
    firstName: 'Ada',
    lastName: 'Lovelace',
    industry: null,
    industryId: null,
    country: null,
    countryId: null,
    locality: 'London',
    logo: null,
    source: 'manual',
    sourcePage: null,
    addDate: NOW,
    emails: [{ email_id: 11, email: 'ada@example.com', statusVerifyText: 'Valid', tags: [], status: 'valid' }],
    phones: [{ phoneId: 21, phone: '+44 20 7946 0000' }],
    companies: [{ entityId: 31, name: 'Analytical Engines', url: 'engines.example', position: 'Founder', hqPhone: '' }],
    customFields: [],
    tags: [],
    otherSocials: [],
    social: null,
    lists: [{ listId: 3, name: 'Pioneers', isMemberLists: false }],
    deals: [],
    campaigns: [],
    mood: { point: 0, type: 'notSet' },
    integrations: { sentToPipedrive: false, pipedriveError: null, sentToHubspot: false, hubspotError: null, hubspotContactUrl: null },
    isGreylisted: false,
    isSearchInProgress: false,
    timezone: null,
    list_id: 3,
    parse_in_progress: false,
    viewerClass: 'own',
    access: {},
    ownerUserId: OWNER_ID,
    duplicates: [],
    ...overrides,
  };
}
