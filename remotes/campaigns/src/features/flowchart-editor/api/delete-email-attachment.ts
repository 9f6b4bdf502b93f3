import { useMutation } from '@tanstack/react-query';
import { emailContentRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';

/** DELETE /pipelines/api/email-content/attachment/:id; mail already queued with the file still carries it. */
export const deleteEmailAttachmentMutation = routeMutation(emailContentRoutes.deleteEmailAttachment);

export const useDeleteEmailAttachment = () => useMutation(deleteEmailAttachmentMutation);
