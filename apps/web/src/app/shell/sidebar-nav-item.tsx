import { Badge, Group, NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { isItemActive, type ShellMenuItem } from './menu-item';

interface SidebarNavItemProps {
  item: ShellMenuItem;
  /** Called after a link is followed (the layout closes the sidebar on small screens). */
  onNavigate: () => void;
}

// Colours derive from the sidebar text colour, which is chosen for contrast with the tenant's sidebar.
const itemStyles = {
  root: { color: 'var(--app-sidebar-text)', borderRadius: 'var(--mantine-radius-md)' },
  label: { fontWeight: 500 },
} as const;
const activeStyle = { background: 'color-mix(in srgb, var(--app-sidebar-text) 16%, transparent)' };

/** The label carries the Beta badge so the right section stays free for the collapse chevron. */
function ItemLabel({ item }: { item: ShellMenuItem }) {
  if (!item.beta) return item.label;
  return (
    <Group gap={6} wrap="nowrap" component="span">
      {item.label}
      <Badge size="xs" variant="white" color="dark" radius="sm">
        Beta
      </Badge>
    </Group>
  );
}

/** One sidebar entry; entries with children collapse and open by themselves when one child is active. */
export function SidebarNavItem({ item, onNavigate }: SidebarNavItemProps) {
  const { pathname } = useLocation();
  const active = isItemActive(item, pathname);

  if (item.children?.length) {
    return (
      <NavLink
        label={<ItemLabel item={item} />}
        defaultOpened={active}
        childrenOffset="md"
        styles={itemStyles}
        data-menu-id={item.id}
      >
        {item.children.map((child) => (
          <SidebarNavItem key={child.id} item={child} onNavigate={onNavigate} />
        ))}
      </NavLink>
    );
  }
  if (!item.path) return null;
  return (
    <NavLink
      component={Link}
      to={item.path}
      label={<ItemLabel item={item} />}
      active={active}
      onClick={onNavigate}
      styles={{ ...itemStyles, root: { ...itemStyles.root, ...(active ? activeStyle : {}) } }}
      data-menu-id={item.id}
    />
  );
}
