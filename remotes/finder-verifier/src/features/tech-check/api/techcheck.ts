import { useMutation } from '@tanstack/react-query';
import { finderTechcheck, type RouteBody } from '@leadforge/contracts';
import { callApi, routeMutation } from '@leadforge/api-client';

/** POST /techcheck/check: the technologies a site is built with. */
export const techcheck = (body: RouteBody<typeof finderTechcheck>) => callApi(finderTechcheck, { body });
export const useTechcheck = () => useMutation(routeMutation(finderTechcheck));
