import type { Key, ReactNode } from 'react';
import { Flex, theme } from 'antd';

export type PlainListProps<T> = {
  items: T[];
  itemKey: (item: T) => Key;
  renderItem: (item: T) => ReactNode;
  /** Buttons shown at the end of a row. */
  renderActions?: (item: T) => ReactNode;
  header?: ReactNode;
  'aria-label'?: string;
};

/**
 * A simple bordered list of rows. antd 6.6 deprecates `List` (its successor `Listy` is a
 * virtual list for long feeds); these lists are short, so plain markup is the right tool.
 */
export function PlainList<T>({ items, itemKey, renderItem, renderActions, header, 'aria-label': ariaLabel }: PlainListProps<T>) {
  const { token } = theme.useToken();
  return (
    <div>
      {header ? <div style={{ padding: `${token.paddingXS}px 0`, fontWeight: token.fontWeightStrong }}>{header}</div> : null}
      <ul aria-label={ariaLabel} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((item) => (
          <li key={itemKey(item)} style={{ borderBottom: `1px solid ${token.colorSplit}`, padding: `${token.paddingSM}px 0` }}>
            <Flex justify="space-between" align="center" gap={token.marginSM}>
              <div style={{ minWidth: 0, flex: 1 }}>{renderItem(item)}</div>
              {renderActions ? <Flex gap={token.marginXS}>{renderActions(item)}</Flex> : null}
            </Flex>
          </li>
        ))}
      </ul>
    </div>
  );
}
