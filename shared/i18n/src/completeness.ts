import { LOCALES, type Locale } from '@leadforge/contracts';

/** Translations of one locale: namespace → nested keys → strings. */
export type LocaleResources = Record<string, unknown>;

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const VARIABLE = /\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g;

function flatten(tree: unknown, prefix: string, into: Map<string, string>, problems: string[], where: string): void {
  if (typeof tree === 'string') {
    into.set(prefix, tree);
    return;
  }
  if (!tree || typeof tree !== 'object' || Array.isArray(tree)) {
    problems.push(`${where}: "${prefix}" is not a string or an object`);
    return;
  }
  for (const [key, value] of Object.entries(tree)) flatten(value, prefix ? `${prefix}.${key}` : key, into, problems, where);
}

function variablesOf(text: string): string[] {
  return [...text.matchAll(VARIABLE)].map((match) => match[1] ?? '').sort();
}

interface KeyFacts {
  /** Plural categories present, when the key is a plural group. */
  plurals: Set<string> | null;
  variables: Set<string>;
  empty: boolean;
}

/** Groups `count_one`/`count_other` under `count`, since languages need different plural forms. */
function keyFacts(flat: Map<string, string>): Map<string, KeyFacts> {
  const facts = new Map<string, KeyFacts>();
  for (const [key, text] of flat) {
    const plural = PLURAL_SUFFIX.exec(key);
    const base = plural ? key.slice(0, -plural[0].length) : key;
    const entry = facts.get(base) ?? { plurals: plural ? new Set<string>() : null, variables: new Set<string>(), empty: false };
    if (plural && entry.plurals) entry.plurals.add(plural[1] ?? '');
    for (const variable of variablesOf(text)) entry.variables.add(variable);
    if (!text.trim()) entry.empty = true;
    facts.set(base, entry);
  }
  return facts;
}

function requiredPluralCategories(locale: Locale): string[] {
  return new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
}

/**
 * Lists every problem of a set of translations: a locale or namespace missing, a key present in one
 * locale and not another (recursively), an empty text, interpolation variables that differ, a plural
 * group lacking a form its language needs. English is the reference, but keys only some other
 * locale has are reported too.
 */
export function findLocaleProblems(resources: Partial<Record<Locale, LocaleResources>>): string[] {
  const problems: string[] = [];
  const namespaces = new Set<string>();
  for (const locale of LOCALES) {
    const namespacesOfLocale = resources[locale];
    if (!namespacesOfLocale) problems.push(`locale ${locale} is missing`);
    else Object.keys(namespacesOfLocale).forEach((namespace) => namespaces.add(namespace));
  }
  for (const namespace of [...namespaces].sort()) {
    const factsByLocale = new Map<Locale, Map<string, KeyFacts>>();
    for (const locale of LOCALES) {
      const tree = resources[locale]?.[namespace];
      if (resources[locale] && tree === undefined) {
        problems.push(`${locale}/${namespace}: namespace is missing`);
        continue;
      }
      if (tree === undefined) continue;
      const flat = new Map<string, string>();
      flatten(tree, '', flat, problems, `${locale}/${namespace}`);
      factsByLocale.set(locale, keyFacts(flat));
    }
    const allKeys = new Set<string>();
    for (const facts of factsByLocale.values()) for (const key of facts.keys()) allKeys.add(key);
    const reference = factsByLocale.get('en');
    for (const [locale, facts] of factsByLocale) {
      for (const key of [...allKeys].sort()) {
        const entry = facts.get(key);
        if (!entry) {
          problems.push(`${locale}/${namespace}: missing key "${key}"`);
          continue;
        }
        if (entry.empty) problems.push(`${locale}/${namespace}: empty text at "${key}"`);
        const expected = reference?.get(key) ?? [...factsByLocale.values()].map((other) => other.get(key)).find(Boolean);
        if (expected && [...expected.variables].sort().join() !== [...entry.variables].sort().join()) {
          problems.push(
            `${locale}/${namespace}: "${key}" uses {{${[...entry.variables].join(', ')}}} but en uses {{${[...expected.variables].join(', ')}}}`,
          );
        }
        if (entry.plurals) {
          for (const category of requiredPluralCategories(locale)) {
            if (!entry.plurals.has(category)) problems.push(`${locale}/${namespace}: "${key}" lacks the plural form _${category}`);
          }
        } else if (expected?.plurals) {
          problems.push(`${locale}/${namespace}: "${key}" should be a plural group`);
        }
      }
    }
  }
  return problems;
}

/** Throws with every problem listed, so a remote's test reads `assertCompleteLocales({ en: { ns: en }, … })`. */
export function assertCompleteLocales(resources: Partial<Record<Locale, LocaleResources>>): void {
  const problems = findLocaleProblems(resources);
  if (problems.length > 0) throw new Error(`Incomplete translations:\n  ${problems.join('\n  ')}`);
}

/**
 * Share of a locale's texts identical to English, to catch English copies passed off as
 * translations. Short shared words (brand names, "Email", "CRM") keep it above zero.
 */
export function shareIdenticalToEnglish(resources: Partial<Record<Locale, LocaleResources>>, locale: Locale): number {
  let total = 0;
  let identical = 0;
  for (const [namespace, tree] of Object.entries(resources[locale] ?? {})) {
    const mine = new Map<string, string>();
    const english = new Map<string, string>();
    flatten(tree, '', mine, [], '');
    flatten(resources.en?.[namespace], '', english, [], '');
    for (const [key, text] of mine) {
      total += 1;
      if (english.get(key) === text) identical += 1;
    }
  }
  return total === 0 ? 0 : identical / total;
}
