import {
  IconAddressBook,
  IconBook,
  IconBriefcase,
  IconBuildingBank,
  IconCpu,
  IconEye,
  IconFlask,
  IconHome,
  IconInfoCircle,
  IconKey,
  IconListDetails,
  IconLayoutDashboard,
  IconMessageChatbot,
  IconReceiptTax,
  IconRobot,
  IconShieldLock,
  IconTarget,
  IconUserCheck,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

/**
 * The icons screens may name in their declaration's `nav.icon`, by Tabler's name: only these are
 * bundled, and they are kept apart from the route table so the landing page does not download them.
 * A screen with a new icon adds it here.
 */
export const screenIcons: Record<string, ComponentType<{ size?: number; stroke?: number }>> = {
  IconAddressBook,
  IconBook,
  IconBriefcase,
  IconBuildingBank,
  IconCpu,
  IconEye,
  IconFlask,
  IconHome,
  IconInfoCircle,
  IconKey,
  IconListDetails,
  IconLayoutDashboard,
  IconMessageChatbot,
  IconReceiptTax,
  IconRobot,
  IconShieldLock,
  IconTarget,
  IconUserCheck,
  IconUserPlus,
  IconUsers,
};

export function ScreenIcon({ icon, size, stroke }: { icon: string; size: number; stroke?: number }) {
  const Icon = screenIcons[icon];
  return Icon ? <Icon size={size} stroke={stroke} /> : null;
}
