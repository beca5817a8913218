import { Anchor, Box, Center, Group, Paper, Stack } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { brandVar } from '../branding/brand-theme';
import { BrandMark } from './brand-logo';
import { ThemeToggle } from './theme-toggle';

/** Branded frame of the visitor-only screens (login, registration, password reset). */
export function AuthLayout() {
  return (
    <Box mih="100dvh" pos="relative">
      <Group justify="flex-end" p="md" pos="absolute" top={0} right={0}>
        <ThemeToggle />
      </Group>
      <Center mih="100dvh" p="md">
        <Stack w="100%" maw={440} gap="lg">
          <Center>
            <BrandMark size={48} textProps={{ size: 'xl' }} />
          </Center>
          <Paper withBorder shadow="sm" radius="md" p="xl" style={{ background: brandVar('boxBg') }}>
            <Outlet />
          </Paper>
          <Group justify="center" gap="lg">
            <Anchor component={Link} to="/privacy-policy" size="sm">
              Privacy Policy
            </Anchor>
            <Anchor component={Link} to="/term-of-use" size="sm">
              Terms of Use
            </Anchor>
          </Group>
        </Stack>
      </Center>
    </Box>
  );
}
