import { useQuery } from '@tanstack/react-query';
import { finderCompanies } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { finderKeys } from './keys';

/** Fewer typed characters match too much to be a useful suggestion. */
const MIN_TERM = 2;

/** POST /search/companies: company names and domains for the domain field's suggestions. */
export const companiesQuery = (query: string) => routeQueryOptions(finderCompanies, { body: { query } }, finderKeys.scope('companies'));
export const useCompanies = (query: string) => useQuery({ ...companiesQuery(query), enabled: query.trim().length >= MIN_TERM });
