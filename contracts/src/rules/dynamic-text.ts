/**
 * Dynamic text and the flags an email variant carries (hasContent, hasInvalidVariables,
 * hasDynamicText, overLimitDynamicText). The editor recomputes the flags on every edit, the API
 * recomputes them on every save (a client's flags are never trusted: the plan and length checks of
 * document 1 §5 read them), and the executor renders the text per recipient.
 *
 * Dynamic text is not defined further by the spec; here it is spintax: `{Hi|Hello|Hey}` picks one
 * of its options per recipient. Single braces with at least one `|`, so `{{variables}}` never
 * count. One group may hold at most DYNAMIC_TEXT_MAX visible characters.
 */
import type { EmailVariant } from '../campaigns';
import { unknownVariables, visibleText } from './flowchart';

export const DYNAMIC_TEXT_MAX = 1_000;

const DYNAMIC_GROUP = /(?<!\{)\{(?!\{)([^{}]*\|[^{}]*)\}(?!\})/g;

/** The dynamic-text groups of a text, without their braces. */
export function dynamicTextGroups(text: string): string[] {
  return [...text.matchAll(DYNAMIC_GROUP)].map((match) => match[1] ?? '');
}

export type VariantFlags = Pick<EmailVariant, 'hasContent' | 'hasInvalidVariables' | 'hasDynamicText' | 'overLimitDynamicText'>;

export function variantFlags(variant: Pick<EmailVariant, 'subject' | 'content'>, knownVariables: readonly string[]): VariantFlags {
  const groups = [...dynamicTextGroups(variant.subject), ...dynamicTextGroups(variant.content)];
  return {
    hasContent: visibleText(variant.content).length > 0,
    hasInvalidVariables: unknownVariables(`${variant.subject} ${variant.content}`, knownVariables).length > 0,
    hasDynamicText: groups.length > 0,
    overLimitDynamicText: groups.some((group) => [...visibleText(group)].length > DYNAMIC_TEXT_MAX),
  };
}

/** The variant with its text changed and its flags computed again. */
export function withText(
  variant: EmailVariant,
  text: Partial<Pick<EmailVariant, 'subject' | 'content' | 'plainTextMode'>>,
  knownVariables: readonly string[],
): EmailVariant {
  const next = { ...variant, ...text };
  return { ...next, ...variantFlags(next, knownVariables) };
}

/** FNV-1a: a stable, well-spread number of a short key (not a secret). */
function stableHash(key: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The text with each dynamic group replaced by one of its options, chosen by `seed` (the
 * recipient and the block): the same recipient always reads the same words, a replayed send
 * included, while recipients spread over the options.
 */
export function renderDynamicText(text: string, seed: string): string {
  let group = 0;
  return text.replace(DYNAMIC_GROUP, (_match, inner: string) => {
    const options = inner.split('|');
    const chosen = options[stableHash(`${seed}:${group}`) % options.length] ?? '';
    group += 1;
    return chosen;
  });
}
