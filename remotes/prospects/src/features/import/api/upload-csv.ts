import { useMutation } from '@tanstack/react-query';
import { importUploadChunk } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';
import { chunkText } from '../utils/csv-mapping';

/** POST /prospects/import/upload, chunk by chunk in order; answers the import id. */
export async function uploadCsv(listId: number, file: File): Promise<string> {
  const chunks = chunkText(await file.text());
  let importId: string | undefined;
  for (const [index, chunk] of chunks.entries()) {
    const answer = await callApi(importUploadChunk, {
      body: { listId, chunk, index, ...(importId ? { importId } : { fileName: file.name }) },
    });
    importId = answer.importId;
  }
  return importId!;
}

export const useUploadCsv = () =>
  useMutation({
    mutationKey: [...prospectsKeys.all, 'import', 'upload'],
    mutationFn: ({ listId, file }: { listId: number; file: File }) => uploadCsv(listId, file),
  });
