import type { MenuItem } from '@app/policy';

/** A menu entry as @app/policy's menu builders return it; entries without a path are actions. */
export type ShellMenuItem = MenuItem;

/** True when `pathname` is the item's page or one below it (case-insensitive: the spec mixes /Audience). */
export function isItemActive(item: ShellMenuItem, pathname: string): boolean {
  const current = pathname.toLowerCase().replace(/\/+$/, '');
  if (item.path) {
    const target = item.path.toLowerCase().replace(/\/+$/, '');
    if (current === target || current.startsWith(`${target}/`)) return true;
  }
  return (item.children ?? []).some((child) => isItemActive(child, pathname));
}
