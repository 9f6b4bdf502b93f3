import en from './en.json';
import es from './es.json';
import pt from './pt.json';
import uk from './uk.json';
import zh from './zh.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : flatten(value, `${prefix}${key}.`)));
}

/** Values that stay the same in every language: brand names and words the language took as they are. */
const SAME_IN_EVERY_LANGUAGE = new Set(['LinkedIn']);
const SAME_IN: Record<string, Set<string>> = { pt: new Set(['customFields.types.url']) };

describe('prospects locales', () => {
  const english = new Map(flatten(en as Tree));

  it.each([
    ['uk', uk],
    ['zh', zh],
    ['pt', pt],
    ['es', es],
  ])('%s translates every key and leaves nothing in English', (language, messages) => {
    const translated = new Map(flatten(messages as Tree));
    expect([...english.keys()].filter((key) => !translated.has(key))).toEqual([]);
    const untranslated = [...translated].filter(
      ([key, value]) => english.get(key) === value && !SAME_IN_EVERY_LANGUAGE.has(value) && !SAME_IN[language]?.has(key),
    );
    expect(untranslated).toEqual([]);
  });
});
