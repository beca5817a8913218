import { Avatar, Badge, Button, Menu } from '@mantine/core';
import { IconChevronDown, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ShellMenuItem } from './menu-item';

function MenuEntries({
  items,
  onAction,
}: {
  items: ShellMenuItem[];
  onAction: (item: ShellMenuItem) => void;
}) {
  return items.map((item) =>
    item.path ? (
      <Menu.Item key={item.id} component={Link} to={item.path} data-menu-id={item.id}>
        {item.label} {item.beta && <Badge size="xs">Beta</Badge>}
      </Menu.Item>
    ) : (
      <Menu.Item key={item.id} onClick={() => onAction(item)} data-menu-id={item.id}>
        {item.label}
      </Menu.Item>
    ),
  );
}

/** 'System Settings' dropdown repeating the configuration links (spec 1 §2.5). */
export function SystemSettingsMenu({ items }: { items: ShellMenuItem[] }) {
  if (items.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          leftSection={<IconSettings size={16} />}
          rightSection={<IconChevronDown size={14} />}
        >
          System Settings
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <MenuEntries items={items} onAction={() => {}} />
      </Menu.Dropdown>
    </Menu>
  );
}

interface ProfileMenuProps {
  items: ShellMenuItem[];
  userName: string;
  pictureUrl: string | null;
  /** Entries without a path are actions (log out, dialogs); the layout decides what each does. */
  onAction: (item: ShellMenuItem) => void;
}

export function ProfileMenu({ items, userName, pictureUrl, onAction }: ProfileMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Avatar
          component="button"
          type="button"
          src={pictureUrl}
          alt={userName}
          radius="xl"
          color="brand"
          aria-label="Profile menu"
          style={{ cursor: 'pointer', border: 0 }}
        >
          {userName.slice(0, 1).toUpperCase() || '?'}
        </Avatar>
      </Menu.Target>
      <Menu.Dropdown>
        {userName && <Menu.Label>{userName}</Menu.Label>}
        <MenuEntries items={items} onAction={onAction} />
      </Menu.Dropdown>
    </Menu>
  );
}
