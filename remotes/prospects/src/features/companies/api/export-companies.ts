import { useMutation } from '@tanstack/react-query';
import { companiesExport } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';
import { saveFile } from '../../prospects-table/api/export-prospects';

/** GET /companies/export/{id}: the CSV of a company list, formula-injection escaped by the server. */
export const useExportCompanies = () =>
  useMutation({
    mutationKey: [...prospectsKeys.companyLists(), 'export'],
    mutationFn: async (listId: number) => saveFile((await callApi(companiesExport, { params: { id: listId } })) as Blob, `companies-${listId}.csv`),
  });
