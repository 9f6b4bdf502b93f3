import type { ComponentType } from 'react';
import PlayCircleOutlined from '@ant-design/icons/es/icons/PlayCircleOutlined';
import MailOutlined from '@ant-design/icons/es/icons/MailOutlined';
import LinkedinOutlined from '@ant-design/icons/es/icons/LinkedinOutlined';
import BranchesOutlined from '@ant-design/icons/es/icons/BranchesOutlined';
import HourglassOutlined from '@ant-design/icons/es/icons/HourglassOutlined';
import FlagOutlined from '@ant-design/icons/es/icons/FlagOutlined';
import type { BlockType } from '@leadforge/contracts';

const ICONS: Record<BlockType, ComponentType> = {
  start: PlayCircleOutlined,
  email: MailOutlined,
  linkedin: LinkedinOutlined,
  trigger: BranchesOutlined,
  delay: HourglassOutlined,
  goal: FlagOutlined,
};

export function BlockIcon({ type }: { type: BlockType }) {
  const Icon = ICONS[type];
  return <Icon />;
}
