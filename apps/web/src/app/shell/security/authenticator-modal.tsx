import {
  Button,
  Center,
  Code,
  CopyButton,
  Group,
  Image,
  List,
  Loader,
  Modal,
  Stack,
  Text,
} from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import type { GoogleTfaSetup } from '../../../api/two-factor';
import { codeError } from '../../../components/otp-code/otp-code';
import { OtpCodeInput } from '../../../components/otp-code/otp-code-input';
import { qrImageSource } from './two-factor-choice';

/** Spec 1 §9: six authenticator apps are listed. */
const AUTHENTICATOR_APPS = [
  'Google Authenticator',
  'Microsoft Authenticator',
  'Authy',
  '2FAS Authenticator',
  'Duo Mobile',
  'LastPass Authenticator',
];

interface AuthenticatorModalProps {
  opened: boolean;
  /** Null while the new secret and QR code load. */
  setup: GoogleTfaSetup | null;
  saving: boolean;
  onSubmit: (code: string) => void;
  /** Back to the choice dialog (spec 1 §4). */
  onCancel: () => void;
}

/** Authenticator App (spec 1 §2.5): QR code, the secret for manual entry, and a code proving the setup. */
export function AuthenticatorModal({ opened, setup, saving, onSubmit, onCancel }: AuthenticatorModalProps) {
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const fieldError = touched ? codeError(code) : null;
  const qrSource = setup ? qrImageSource(setup.qrCodeUrl) : null;

  // A new secret means a new code.
  useEffect(() => {
    if (!setup) return;
    setCode('');
    setTouched(false);
  }, [setup]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (!codeError(code)) onSubmit(code);
  }

  return (
    <Modal opened={opened} onClose={onCancel} title="Authenticator App" centered>
      {setup ? (
        <form onSubmit={handleSubmit} noValidate aria-label="Authenticator app">
          <Stack gap="md">
            <Text size="sm">Scan this QR code with an authenticator app, for example:</Text>
            <List size="sm" spacing={2}>
              {AUTHENTICATOR_APPS.map((app) => (
                <List.Item key={app}>{app}</List.Item>
              ))}
            </List>
            <Center>
              {/* White behind the code: in dark mode a transparent QR would be dark on dark, unscannable. */}
              {qrSource ? (
                <Image
                  src={qrSource}
                  alt="QR code for your authenticator app"
                  w={200}
                  h={200}
                  fit="contain"
                  bg="white"
                  p={6}
                  radius="sm"
                />
              ) : (
                <Text size="sm" c="dimmed">
                  The QR code cannot be shown; enter the key below instead.
                </Text>
              )}
            </Center>
            <Stack gap={4}>
              <Text size="sm">Or enter this key manually:</Text>
              <Group gap="xs" wrap="nowrap">
                <Code data-testid="authenticator-secret" style={{ wordBreak: 'break-all' }}>
                  {setup.secretKey}
                </Code>
                <CopyButton value={setup.secretKey}>
                  {({ copied, copy }) => (
                    <Button size="compact-xs" variant="light" onClick={copy}>
                      {copied ? 'Copied' : 'Copy'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Stack>
            <OtpCodeInput
              label="Code from the app"
              description="Enter the 6-digit code the app shows to finish the setup."
              data-testid="authenticator-code"
              required
              value={code}
              error={fieldError}
              onChange={setCode}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onCancel}>
                Cancel
              </Button>
              <Button type="submit" loading={saving}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Center py="xl">
          <Loader aria-label="Loading authenticator setup" />
        </Center>
      )}
    </Modal>
  );
}
