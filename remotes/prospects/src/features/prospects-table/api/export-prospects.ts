import { useMutation } from '@tanstack/react-query';
import { exportCsv, markListDownloaded, type ProspectSelection } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/**
 * POST /prospects/export/csv: the server writes the CSV (formula-injection escaped); the browser
 * saves the file, then a list export is recorded with mark-list-downloaded.
 */
export async function exportProspects(listId: number | null, ids?: number[], selection?: ProspectSelection): Promise<Blob> {
  const file = (await callApi(exportCsv, { body: { listId, ...(ids ? { ids } : {}), ...(selection ? { selection } : {}) } })) as Blob;
  // Only a whole list counts as the list downloaded.
  if (listId !== null && !ids && !selection) await callApi(markListDownloaded, { params: { id: listId } });
  return file;
}

/** Hands a downloaded file to the browser. */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

export const useExportProspects = () =>
  useMutation({
    mutationKey: [...prospectsKeys.lists(), 'export'],
    mutationFn: ({ listId, ids, selection }: { listId: number | null; ids?: number[] | undefined; selection?: ProspectSelection | undefined }) =>
      exportProspects(listId, ids, selection),
    onSuccess: (file, { listId }) => saveFile(file, `prospects-${listId ?? 'all'}.csv`),
  });
