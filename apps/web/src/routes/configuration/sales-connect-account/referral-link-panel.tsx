import { Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useOwnReferralLink } from '../../../api/registration';
import { QueryGate } from '../general-setting/section-parts';

/**
 * A sales person's referral link: agencies that sign up through it are linked to them as referrer
 * (the code is checked on /agency-register). Shown where sales staff land, so it is never out of reach.
 */
export function ReferralLinkPanel({ userID }: { userID: number }) {
  const query = useOwnReferralLink(userID);
  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Title order={3}>Your Referral Link</Title>
        <Text size="sm" c="dimmed">
          Agencies that sign up through this link are linked to you as their referrer.
        </Text>
        <QueryGate query={query} label="Loading your referral link" testId="referral-link-load-error">
          {query.data && (
            <Group align="flex-end" wrap="nowrap">
              <TextInput
                label="Referral link"
                readOnly
                value={query.data.url}
                onFocus={(event) => event.currentTarget.select()}
                style={{ flex: 1 }}
                data-testid="referral-link"
              />
              <CopyButton value={query.data.url}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy} data-testid="referral-link-copy">
                    {copied ? 'Copied' : 'Copy link'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          )}
        </QueryGate>
      </Stack>
    </Paper>
  );
}
