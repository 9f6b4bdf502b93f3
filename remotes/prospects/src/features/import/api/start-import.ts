import { useMutation } from '@tanstack/react-query';
import { saveCsv } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** POST /prospects/save/csv/{id} {mapping, duplicatePolicy}: starts the import job. */
export const startImportMutation = routeMutation(saveCsv, { invalidates: (data) => [prospectsKeys.importStatus(data.importId)] });
export const useStartImport = () => useMutation(startImportMutation);
