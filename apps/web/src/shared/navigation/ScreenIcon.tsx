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

/** Each screen's icon, kept apart from the route table so the landing page does not download them. */
const screenIcons: Record<string, ComponentType<{ size?: number; stroke?: number }>> = {
  home: IconHome,
  about: IconInfoCircle,
  mission: IconTarget,
  vision: IconEye,
  technology: IconCpu,
  security: IconShieldLock,
  whitepaper: IconBook,
  practiceDashboard: IconLayoutDashboard,
  vatOperations: IconBuildingBank,
  vatSubmissions: IconReceiptTax,
  vatWise: IconMessageChatbot,
  grantAuthority: IconKey,
  clients: IconAddressBook,
  createUser: IconUserPlus,
  authorisationUser: IconUserCheck,
  practice: IconBriefcase,
  auditLog: IconListDetails,
  agents: IconRobot,
  userManagement: IconUsers,
  demo: IconFlask,
};

export function ScreenIcon({ screen, size, stroke }: { screen: string; size: number; stroke?: number }) {
  const Icon = screenIcons[screen];
  return Icon ? <Icon size={size} stroke={stroke} /> : null;
}
