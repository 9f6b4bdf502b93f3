import { useMutation } from '@tanstack/react-query';
import { templatesRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { libraryKeys } from './library-keys';

/** POST /templates/add-category. */
export const addTemplateCategoryMutation = routeMutation(templatesRoutes.addTemplateCategory, {
  invalidates: () => [libraryKeys.templates()],
});

export const useAddTemplateCategory = () => useMutation(addTemplateCategoryMutation);
