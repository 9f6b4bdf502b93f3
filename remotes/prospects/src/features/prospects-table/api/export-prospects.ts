import { useMutation } from '@tanstack/react-query';
import { exportCsv, markListDownloaded } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { prospectKeys } from '../../../query-keys';

/**
 * POST /prospects/export/csv: the server writes the CSV (formula-injection escaped); the browser
 * saves the file, then a list export is recorded with mark-list-downloaded.
 */
export async function exportProspects(listId: number | null, ids?: number[]): Promise<Blob> {
  const file = (await callApi(exportCsv, { body: { listId, ...(ids ? { ids } : {}) } })) as Blob;
  if (listId !== null && !ids) await callApi(markListDownloaded, { params: { id: listId } });
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
    mutationKey: [...prospectKeys.lists(), 'export'],
    mutationFn: ({ listId, ids }: { listId: number | null; ids?: number[] }) => exportProspects(listId, ids),
    onSuccess: (file, { listId }) => saveFile(file, `prospects-${listId ?? 'all'}.csv`),
  });
