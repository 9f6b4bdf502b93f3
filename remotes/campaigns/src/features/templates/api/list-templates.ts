import { useQuery } from '@tanstack/react-query';
import { templatesRoutes, type TemplateListQuery } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { libraryKeys } from './library-keys';

/** GET /pipelines/api/templates: the caller's templates with their category, by category or words. */
export const listTemplatesQueryOptions = (query: TemplateListQuery = {}) =>
  routeQueryOptions(templatesRoutes.listTemplates, { query }, libraryKeys.templateList());

export const useListTemplates = (query: TemplateListQuery = {}) => useQuery(listTemplatesQueryOptions(query));
