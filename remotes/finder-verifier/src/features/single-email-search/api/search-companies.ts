import { useQuery } from '@tanstack/react-query';
import { finderCompanies } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** Fewer typed characters match too much to be a useful suggestion. */
const MIN_TERM = 2;

/** POST /search/companies: company names and domains for the domain field's suggestions. */
export const searchCompaniesQueryOptions = (query: string) =>
  routeQueryOptions(finderCompanies, { body: { query } }, finderVerifierKeys.companies());

export const useSearchCompanies = (query: string) =>
  useQuery({ ...searchCompaniesQueryOptions(query), enabled: query.trim().length >= MIN_TERM });
