import { useMutation } from '@tanstack/react-query';
import { templatesRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { libraryKeys } from './library-keys';

/** DELETE /templates/delete-category/:id: its templates stay, uncategorised. */
export const deleteTemplateCategoryMutation = routeMutation(templatesRoutes.deleteTemplateCategory, {
  invalidates: () => [libraryKeys.templates()],
});

export const useDeleteTemplateCategory = () => useMutation(deleteTemplateCategoryMutation);
