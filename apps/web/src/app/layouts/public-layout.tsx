import { Anchor, Box, Container, Group } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { BrandMark } from './brand-logo';
import { ThemeToggle } from './theme-toggle';

/** Frame of the public document pages: the tenant's brand on top, the document below. */
export function PublicLayout() {
  return (
    <Box mih="100dvh">
      <Box
        component="header"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Container size="md">
          <Group justify="space-between" wrap="nowrap">
            <Anchor component={Link} to="/" underline="never" c="inherit">
              <BrandMark size={36} />
            </Anchor>
            <ThemeToggle />
          </Group>
        </Container>
      </Box>
      <Container size="md" py="xl" component="main">
        <Outlet />
      </Container>
    </Box>
  );
}
