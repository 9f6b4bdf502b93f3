import { useMutation } from '@tanstack/react-query';
import { uninstall } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';

/** POST /uninstall (public, document 2 §7.1): records why an extension was removed. */
export const sendUninstallReasonMutation = routeMutation(uninstall);

export const useSendUninstallReason = () => useMutation(sendUninstallReasonMutation);
