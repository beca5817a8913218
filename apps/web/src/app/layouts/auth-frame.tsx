import { Box, Center, Group, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { brandVar } from '../branding/brand-theme';
import { VisitorLink } from '../visitor/visitor-link';
import { BrandMark } from './brand-logo';
import { ThemeToggle } from './theme-toggle';

/**
 * Branded frame of the visitor-only screens (login, registration, password reset), without the router:
 * the sign-in page is drawn in it before the router loads (decision 0025).
 */
export function AuthFrame({ children }: { children: ReactNode }) {
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
            {children}
          </Paper>
          <Group justify="center" gap="lg">
            <VisitorLink to="/privacy-policy" size="sm">
              Privacy Policy
            </VisitorLink>
            <VisitorLink to="/term-of-use" size="sm">
              Terms of Use
            </VisitorLink>
          </Group>
        </Stack>
      </Center>
    </Box>
  );
}
