import { UNIBOX_PAGE_SIZE_DEFAULT, type UniboxThreadGroupsBody } from '@leadforge/contracts';
import type { ParamPatch } from '@leadforge/ui';

/**
 * What the thread list shows, as the URL holds it (so a view can be shared and survives a
 * reload). The parameter names are the call's own: text, emailAccountIds, linkedinAccountIds, campaignIds, leads,
 * isStarred, folder (an IMAP folder) and trash.
 */
export type ThreadView = {
  text: string | null;
  emailAccountIds: number[];
  /** LinkedIn accounts: their conversations (alone, mail is left out; with mailboxes, both). */
  linkedinAccountIds: number[];
  campaignIds: number[];
  leads: boolean;
  isStarred: boolean;
  /** An IMAP folder name; meaningful with the one mailbox it belongs to in `emailAccountIds`. */
  folder: string | null;
  trash: boolean;
};

export const EMPTY_VIEW: ThreadView = {
  text: null,
  emailAccountIds: [],
  linkedinAccountIds: [],
  campaignIds: [],
  leads: false,
  isStarred: false,
  folder: null,
  trash: false,
};

const VIEW_PARAMS = ['text', 'emailAccountIds', 'linkedinAccountIds', 'campaignIds', 'leads', 'isStarred', 'folder', 'trash'] as const;

function readIds(params: URLSearchParams, name: string): number[] {
  const ids = (params.get(name) ?? '')
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  return [...new Set(ids)];
}

const readFlag = (params: URLSearchParams, name: string) => params.get(name) === '1';

export function readThreadView(params: URLSearchParams): ThreadView {
  const text = params.get('text')?.trim();
  const folder = params.get('folder')?.trim();
  return {
    text: text ? text : null,
    emailAccountIds: readIds(params, 'emailAccountIds'),
    linkedinAccountIds: readIds(params, 'linkedinAccountIds'),
    campaignIds: readIds(params, 'campaignIds'),
    leads: readFlag(params, 'leads'),
    isStarred: readFlag(params, 'isStarred'),
    folder: folder ? folder : null,
    trash: readFlag(params, 'trash'),
  };
}

/** The URL change for `view`; defaults leave the address. */
export function threadViewParams(view: ThreadView): ParamPatch {
  return {
    text: view.text ?? undefined,
    emailAccountIds: view.emailAccountIds.length ? view.emailAccountIds.join(',') : undefined,
    linkedinAccountIds: view.linkedinAccountIds.length ? view.linkedinAccountIds.join(',') : undefined,
    campaignIds: view.campaignIds.length ? view.campaignIds.join(',') : undefined,
    leads: view.leads ? 1 : undefined,
    isStarred: view.isStarred ? 1 : undefined,
    folder: view.folder ?? undefined,
    trash: view.trash ? 1 : undefined,
  };
}

/** Clears every filter of the view (the owner and the open conversation stay). */
export const clearedViewParams = (): ParamPatch => Object.fromEntries(VIEW_PARAMS.map((name) => [name, undefined]));

/** The thread-groups body for the view, without the page; empty filters are not sent. */
export function threadGroupsBody(view: ThreadView, forUserId: number | undefined): Omit<UniboxThreadGroupsBody, 'page'> {
  return {
    ...(forUserId === undefined ? {} : { forUserId }),
    ...(view.text ? { text: view.text } : {}),
    ...(view.emailAccountIds.length ? { emailAccountIds: view.emailAccountIds } : {}),
    ...(view.linkedinAccountIds.length ? { linkedinAccountIds: view.linkedinAccountIds } : {}),
    ...(view.campaignIds.length ? { campaignIds: view.campaignIds } : {}),
    ...(view.leads ? { leads: true } : {}),
    ...(view.isStarred ? { isStarred: true } : {}),
    ...(view.folder ? { directory: view.folder } : {}),
    ...(view.trash ? { trash: true } : {}),
    pageSize: UNIBOX_PAGE_SIZE_DEFAULT,
  };
}

/** Any narrowing set: the empty list then says "nothing matches" instead of "connect a mailbox". */
export function isFiltered(view: ThreadView): boolean {
  return (
    view.text !== null ||
    view.emailAccountIds.length > 0 ||
    view.linkedinAccountIds.length > 0 ||
    view.campaignIds.length > 0 ||
    view.leads ||
    view.isStarred ||
    view.folder !== null ||
    view.trash
  );
}
