import { useMutation } from '@tanstack/react-query';
import { templatesRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { libraryKeys } from './library-keys';

/** DELETE /templates/delete/:id. */
export const deleteTemplateMutation = routeMutation(templatesRoutes.deleteTemplate, {
  invalidates: () => [libraryKeys.templates()],
});

export const useDeleteTemplate = () => useMutation(deleteTemplateMutation);
