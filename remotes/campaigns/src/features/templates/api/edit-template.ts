import { useMutation } from '@tanstack/react-query';
import { templatesRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { libraryKeys } from './library-keys';

/** POST /templates/edit: name, category, subject, body or mode of a template. */
export const editTemplateMutation = routeMutation(templatesRoutes.editTemplate, {
  invalidates: () => [libraryKeys.templates()],
});

export const useEditTemplate = () => useMutation(editTemplateMutation);
