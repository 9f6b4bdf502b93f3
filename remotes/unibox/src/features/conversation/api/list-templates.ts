import { useQuery } from '@tanstack/react-query';
import { templatesRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { uniboxKeys } from '../../../query-keys';

/** GET /pipelines/api/templates: the caller's email templates (the campaigns' library), for the composer. */
export const listTemplatesQueryOptions = () => routeQueryOptions(templatesRoutes.listTemplates, { query: {} }, uniboxKeys.templates());

/** Fetched when the picker opens, not with every conversation. */
export const useListTemplates = (enabled: boolean) => useQuery({ ...listTemplatesQueryOptions(), enabled });
