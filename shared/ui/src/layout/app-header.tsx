import type { ReactNode } from 'react';
import { Flex } from 'antd';
import { useShellFrame } from './shell-frame';

export type AppHeaderProps = {
  /** Left side: e.g. the unread counter or a search. */
  start?: ReactNode;
  /** Right side: connection status, locale switcher, user menu. */
  end?: ReactNode;
};

export function AppHeader({ start, end }: AppHeaderProps) {
  const { phone } = useShellFrame();
  const gap = phone ? 4 : 16;
  return (
    <Flex align="center" justify="space-between" gap={gap} style={{ width: '100%', minWidth: 0 }}>
      <Flex align="center" gap={gap}>
        {start}
      </Flex>
      <Flex align="center" gap={gap} style={{ minWidth: 0 }}>
        {end}
      </Flex>
    </Flex>
  );
}
