import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useBreadcrumbs } from '../routing/current-route';

/**
 * Spec 1 §2.5: breadcrumbs show the names of the matched routes; the last one is the current page.
 * On a phone they are left out: at 390 px the trail ran under the System Settings button, and even
 * the current page alone had no room beside it; the page's own heading names it there.
 */
export function RouteBreadcrumbs() {
  const trail = useBreadcrumbs();
  if (trail.length === 0) return null;
  return (
    <Breadcrumbs aria-label="Breadcrumb" separatorMargin={6} visibleFrom="sm">
      {trail.map((crumb, index) => {
        const key = `${index}-${crumb.label}`;
        if (index === trail.length - 1) {
          return (
            <Text key={key} size="sm" fw={600} aria-current="page" truncate>
              {crumb.label}
            </Text>
          );
        }
        return crumb.path ? (
          <Anchor key={key} component={Link} to={crumb.path} size="sm">
            {crumb.label}
          </Anchor>
        ) : (
          <Text key={key} size="sm" c="dimmed">
            {crumb.label}
          </Text>
        );
      })}
    </Breadcrumbs>
  );
}
