import { useMutation } from '@tanstack/react-query';
import { templatesRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { libraryKeys } from './library-keys';

/** POST /templates/edit-category: renames a category. */
export const editTemplateCategoryMutation = routeMutation(templatesRoutes.editTemplateCategory, {
  invalidates: () => [libraryKeys.templates()],
});

export const useEditTemplateCategory = () => useMutation(editTemplateCategoryMutation);
