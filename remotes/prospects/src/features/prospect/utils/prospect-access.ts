/**
 * The viewer-class table of document 1 §6 for one prospect, cell by cell, from the same pure rule
 * the API enforces (`prospectAccess`).
 */
import { PROSPECT_ELEMENTS, prospectAccess, type Access, type ProspectElement, type ViewerClass } from '@leadforge/contracts';

export type ProspectAccessMap = Record<ProspectElement, Access>;

export function accessMapFor(viewer: ViewerClass): ProspectAccessMap {
  return Object.fromEntries(PROSPECT_ELEMENTS.map((element) => [element, prospectAccess(element, viewer)])) as ProspectAccessMap;
}

/** Whether the editor offers a save at all: some element the viewer may edit. */
export function canEditAny(access: ProspectAccessMap): boolean {
  return Object.values(access).includes('edit');
}
