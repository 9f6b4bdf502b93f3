import { useMutation } from '@tanstack/react-query';
import { mailTrackingRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';

/** POST send-test-email: one email through the mail engine, placeholders filled from a prospect (422 on failure). */
export const sendTestEmailMutation = routeMutation(mailTrackingRoutes.sendTestEmail);

export const useSendTestEmail = () => useMutation(sendTestEmailMutation);
