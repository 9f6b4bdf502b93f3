import { useMutation } from '@tanstack/react-query';
import { verificationRouteDeclarations as routes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';

/** POST /verify/add-to-list: saves verified addresses as prospects in an existing or new list. */
export const useAddVerifiedToList = () => useMutation(routeMutation(routes.verifyAddToList));
