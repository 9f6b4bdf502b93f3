import { useMutation } from '@tanstack/react-query';
import { verificationRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';

/** POST /verify/add-to-list: saves verified addresses as prospects in an existing or new list (the prospects area's data). */
export const addVerifiedToListMutation = routeMutation(verificationRoutes.verifyAddToList);

export const useAddVerifiedToList = () => useMutation(addVerifiedToListMutation);
