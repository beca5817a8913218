import { Button, Code, CopyButton, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useRevealSigningSecret } from '../../api/integrations';
import { noticeFailed } from './integration-feedback';
import { maskSecret, SIGNATURE_HEADERS, VERIFY_EXAMPLE } from './integration-model';

/** A webhook's signing secret, masked until revealed (asked from the server only then), with a copy button. */
export function SigningSecret({ companyId, slug }: { companyId: number; slug: string }) {
  const reveal = useRevealSigningSecret(companyId, slug);
  const [secret, setSecret] = useState<string | null>(null);
  const show = () =>
    reveal.mutate(undefined, {
      onSuccess: (answer) => setSecret(answer.signing_secret),
      onError: (error) => noticeFailed(error, 'Signing secret'),
    });
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600} id="signing-secret-label">
        Signing secret
      </Text>
      <Group gap="xs" align="center">
        <Code
          aria-labelledby="signing-secret-label"
          data-testid="signing-secret"
          data-revealed={secret !== null}
          style={{ wordBreak: 'break-all' }}
        >
          {secret ?? maskSecret(null)}
        </Code>
        {secret === null ? (
          <Button
            size="compact-xs"
            variant="light"
            loading={reveal.isPending}
            onClick={show}
            data-testid="signing-secret-reveal"
          >
            Reveal signing secret
          </Button>
        ) : (
          <>
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button size="compact-xs" variant="light" onClick={copy} data-testid="signing-secret-copy">
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
            <Button size="compact-xs" variant="subtle" onClick={() => setSecret(null)}>
              Hide
            </Button>
          </>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        Your receiver uses it to check that a request came from us. Keep it out of public code.
      </Text>
    </Stack>
  );
}

/** How a receiver verifies a delivery: the Standard Webhooks headers and a Node example. */
export function VerifyingSignatures() {
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby="verify-title">
      <Stack gap="xs" data-testid="verify-help">
        <Title order={3} size="h5" id="verify-title">
          Verifying signatures
        </Title>
        <Text size="sm">
          Every delivery is signed the Standard Webhooks way, so any of that specification’s libraries checks
          it. Each request carries three headers:
        </Text>
        <List size="sm" spacing={4}>
          {SIGNATURE_HEADERS.map((h) => (
            <List.Item key={h.name}>
              <Code>{h.name}</Code> — {h.text}
            </List.Item>
          ))}
        </List>
        <Text size="sm">
          In Node, with the <Code>standardwebhooks</Code> npm package:
        </Text>
        <Stack gap={4}>
          <Code block data-testid="verify-example">
            {VERIFY_EXAMPLE}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={VERIFY_EXAMPLE}>
              {({ copied, copy }) => (
                <Button size="compact-xs" variant="subtle" onClick={copy}>
                  {copied ? 'Copied' : 'Copy example'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
        <Text size="xs" c="dimmed">
          Verify the raw body before parsing it: a body re-serialised by a framework no longer matches the
          signature.
        </Text>
      </Stack>
    </Paper>
  );
}
