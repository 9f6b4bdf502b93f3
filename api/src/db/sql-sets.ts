/**
 * A set of values as one JSON parameter, for `in` tests and joins: one placeholder whatever its
 * size (a selection of 10,000 ids, a page of addresses), where a parameter per value would pass
 * the driver's limit and cost more to plan than to run. An empty set matches nothing.
 */
import { sql, type SQL } from 'drizzle-orm';

/** Ids as bigint (an int column compares with it and keeps its index). */
export function idSet(ids: readonly number[]): SQL {
  return sql`(select value::bigint from json_array_elements_text(${JSON.stringify(ids)}::json))`;
}

export function textSet(values: readonly string[]): SQL {
  return sql`(select value from json_array_elements_text(${JSON.stringify(values)}::json))`;
}
