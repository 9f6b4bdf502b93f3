/**
 * The flags an email variant carries (hasContent, hasInvalidVariables, hasDynamicText,
 * overLimitDynamicText). The flowchart checks read the flags, so the editor recomputes them from
 * the text on every edit.
 *
 * Dynamic text is not defined further by the spec; here it is spintax: `{Hi|Hello|Hey}` picks one
 * of its options per recipient. Single braces with at least one `|`, so `{{variables}}` never
 * count. One group may hold at most DYNAMIC_TEXT_MAX visible characters.
 * This module has no React in it so the API's re-check (and the executor's renderer) can share it
 * once it moves to contracts/rules.
 */
import { unknownVariables, visibleText, type EmailVariant } from '@leadforge/contracts';

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
