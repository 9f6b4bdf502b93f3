import { useMutation } from '@tanstack/react-query';
import { templatesRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { libraryKeys } from './library-keys';

/** POST /templates/add: a new template (subject and body required; the server sanitises both). */
export const addTemplateMutation = routeMutation(templatesRoutes.addTemplate, {
  invalidates: () => [libraryKeys.templates()],
});

export const useAddTemplate = () => useMutation(addTemplateMutation);
