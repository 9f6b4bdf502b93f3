import type { Locale as AntdLocale } from 'antd/es/locale';
import type { Locale } from '@leadforge/contracts';

export type { AntdLocale };

/**
 * antd's own texts (pagination, pickers, empty states) for an interface language, loaded only when
 * that language is chosen. `pt` uses Brazilian Portuguese, `zh` simplified Chinese.
 */
export async function antdLocaleFor(locale: Locale): Promise<AntdLocale> {
  switch (locale) {
    case 'uk':
      return (await import(/* webpackChunkName: "antd-locale-uk" */ 'antd/locale/uk_UA')).default;
    case 'zh':
      return (await import(/* webpackChunkName: "antd-locale-zh" */ 'antd/locale/zh_CN')).default;
    case 'pt':
      return (await import(/* webpackChunkName: "antd-locale-pt" */ 'antd/locale/pt_BR')).default;
    case 'es':
      return (await import(/* webpackChunkName: "antd-locale-es" */ 'antd/locale/es_ES')).default;
    case 'en':
      return (await import(/* webpackChunkName: "antd-locale-en" */ 'antd/locale/en_US')).default;
  }
}
