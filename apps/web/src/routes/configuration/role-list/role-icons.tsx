import {
  IconBriefcase,
  IconChartBar,
  IconCrown,
  IconHeadset,
  IconPencil,
  IconSettings,
  IconShield,
  IconStar,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

type IconComponent = ComponentType<{ size?: number | string; stroke?: number }>;

/**
 * Icons a role may carry. The server stores the name as text, so a name this list does not know (an
 * older role) is shown as a plain user icon rather than breaking the table.
 */
export const ROLE_ICONS: Record<string, { label: string; Icon: IconComponent }> = {
  user: { label: 'Person', Icon: IconUser },
  users: { label: 'Team', Icon: IconUsers },
  shield: { label: 'Shield', Icon: IconShield },
  crown: { label: 'Crown', Icon: IconCrown },
  briefcase: { label: 'Briefcase', Icon: IconBriefcase },
  star: { label: 'Star', Icon: IconStar },
  settings: { label: 'Settings', Icon: IconSettings },
  chart: { label: 'Chart', Icon: IconChartBar },
  headset: { label: 'Support', Icon: IconHeadset },
  pencil: { label: 'Editor', Icon: IconPencil },
};

export const ROLE_ICON_OPTIONS = Object.entries(ROLE_ICONS).map(([value, { label }]) => ({ value, label }));

export function RoleIcon({ name, size = 18 }: { name: string; size?: number }) {
  const Icon = ROLE_ICONS[name]?.Icon ?? IconUser;
  return <Icon size={size} stroke={1.6} />;
}
