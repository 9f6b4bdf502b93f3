import { useQuery } from '@tanstack/react-query';
import { templatesRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { libraryKeys } from './library-keys';

/** GET /pipelines/api/templates/categories: the caller's categories with their template counts. */
export const listTemplateCategoriesQueryOptions = () =>
  routeQueryOptions(templatesRoutes.listTemplateCategories, {}, libraryKeys.templateCategories());

export const useListTemplateCategories = () => useQuery(listTemplateCategoriesQueryOptions());
