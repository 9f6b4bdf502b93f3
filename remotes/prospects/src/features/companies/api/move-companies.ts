import { useMutation } from '@tanstack/react-query';
import { companiesMove } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** POST /companies/move {items, moveFrom, moveTo}: companies from one company list to another. */
export const moveCompaniesMutation = routeMutation(companiesMove, { invalidates: () => [prospectsKeys.companiesAll()] });
export const useMoveCompanies = () => useMutation(moveCompaniesMutation);
