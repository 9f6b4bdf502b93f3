import type { ReactNode } from 'react';
import { Flex } from 'antd';

export type AppHeaderProps = {
  /** Left side: e.g. the unread counter or a search. */
  start?: ReactNode;
  /** Right side: connection status, locale switcher, user menu. */
  end?: ReactNode;
};

export function AppHeader({ start, end }: AppHeaderProps) {
  return (
    <Flex align="center" justify="space-between" gap={16} style={{ width: '100%' }}>
      <Flex align="center" gap={16}>
        {start}
      </Flex>
      <Flex align="center" gap={16}>
        {end}
      </Flex>
    </Flex>
  );
}
