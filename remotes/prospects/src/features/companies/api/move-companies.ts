import { useMutation } from '@tanstack/react-query';
import { companiesMove } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectKeys } from '../../../query-keys';

/** POST /companies/move {items, moveFrom, moveTo}: companies from one company list to another. */
export const moveCompaniesMutation = routeMutation(companiesMove, { invalidates: () => [prospectKeys.companiesAll()] });
export const useMoveCompanies = () => useMutation(moveCompaniesMutation);
