import {
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  PasswordInput,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconDeviceMobile, IconMail } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { TwoFactorType } from '../../../api/two-factor';
import type { TwoFactorChoice } from './two-factor-choice';

const OPTIONS: { type: TwoFactorType; label: string; description: string; icon: ReactNode }[] = [
  {
    type: 'email',
    label: 'Email',
    description: 'Receive a 6-digit code by e-mail each time you sign in.',
    icon: <IconMail size={22} />,
  },
  {
    type: 'google',
    label: 'Google Authenticator',
    description: 'Use the code shown by an authenticator app on your phone.',
    icon: <IconDeviceMobile size={22} />,
  },
];

interface TwoFactorModalProps {
  opened: boolean;
  /** Null while the current setting loads. */
  choice: TwoFactorChoice | null;
  saving: boolean;
  /** The current password, asked once the choice differs from the saved setting (decision 0018). */
  password: { asked: boolean; value: string; error: string | null; onChange: (value: string) => void };
  onChoose: (type: TwoFactorType) => void;
  onConfirm: () => void;
  onClose: () => void;
}

/** The choice of spec 1 §2.5 / §4 Two-factor selection; what a choice means is in two-factor-choice.ts. */
export function TwoFactorModal({
  opened,
  choice,
  saving,
  password,
  onChoose,
  onConfirm,
  onClose,
}: TwoFactorModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Two Factor Authentication" centered>
      {choice ? (
        <Stack gap="md">
          <Text size="sm" c="dimmed" data-testid="two-factor-status">
            {choice.enabled
              ? 'Two-factor authentication is on. Choose the active method again to turn it off.'
              : 'Two-factor authentication is off. Choose a method to turn it on.'}
          </Text>
          {OPTIONS.map((option) => {
            const selected = choice.enabled && choice.type === option.type;
            return (
              <UnstyledButton
                key={option.type}
                onClick={() => onChoose(option.type)}
                aria-pressed={selected}
                data-testid={`two-factor-${option.type}`}
                p="md"
                style={{
                  borderRadius: 'var(--mantine-radius-md)',
                  border: `1px solid ${selected ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
                }}
              >
                <Group wrap="nowrap" align="flex-start">
                  {option.icon}
                  <Stack gap={2} style={{ flex: 1 }}>
                    <Group gap="xs">
                      <Text fw={600}>{option.label}</Text>
                      {selected && <Badge size="sm">Selected</Badge>}
                    </Group>
                    <Text size="sm" c="dimmed">
                      {option.description}
                    </Text>
                  </Stack>
                </Group>
              </UnstyledButton>
            );
          })}
          {password.asked && (
            <PasswordInput
              label="Current Password"
              description="Enter your current password to change two-factor authentication."
              autoComplete="current-password"
              required
              value={password.value}
              error={password.error}
              onChange={(event) => password.onChange(event.currentTarget.value)}
              data-testid="two-factor-password"
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={onConfirm} loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      ) : (
        <Center py="xl">
          <Loader aria-label="Loading two-factor setting" />
        </Center>
      )}
    </Modal>
  );
}
