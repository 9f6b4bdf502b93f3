import { useMutation } from '@tanstack/react-query';
import { uninstall, type RouteBody } from '@leadforge/contracts';
import { callApi, routeMutation } from '@leadforge/api-client';

export type UninstallReasonBody = RouteBody<typeof uninstall>;

/** POST /uninstall (document 2 §7.1): records why an extension was removed. */
export const sendUninstallReason = (body: UninstallReasonBody) => callApi(uninstall, { body });

export const useSendUninstallReason = () => useMutation(routeMutation(uninstall));
