import { type CampaignListRow, SITE_CHECK_OUTCOME_LABELS } from '@app/contracts';
import { Alert, Badge, Button, Code, CopyButton, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import {
  type SiteCheckResult,
  testLeadFailureText,
  useCampaignResource,
  useLastSiteCheck,
  useRunSiteCheck,
  useSendTestLead,
} from '../../api/campaigns';
import { notifyFailure } from '../../components/feedback/feedback';
import { showNotice } from '../../components/feedback/notice';
import { saveFailureText } from '../../components/user-form/user-form-model';
import { siteCheckText, testLeadNotice } from './campaign-format';

/**
 * A local campaign's embed code (`GET /leadspeek/getcampaignresource/…`) with a Copy button and its
 * embed status, and the two site tests: "Check my site" (`POST /check-site-embeded-code`, the last
 * result from `GET /check-run-embeded-code`) and "Send test lead" (`POST /send-test-lead`).
 */
export function EmbedPanel({ row, onClose }: { row: CampaignListRow; onClose: () => void }) {
  const resource = useCampaignResource(row.clientID, row.leadspeekID);
  const last = useLastSiteCheck(row.leadspeekID);
  const check = useRunSiteCheck(row.urlCode);
  const testLead = useSendTestLead();
  const code = resource.data?.data.embed_code ?? '';
  const result: SiteCheckResult | undefined = check.data ?? last.data?.data;
  // The newest word on the embed code: a check just run, else the stored status.
  const embedStatus = result?.outcome ?? resource.data?.data.embed_status ?? row.embed_status;

  return (
    <Modal opened onClose={onClose} title={`Embed Code — ${row.campaignName}`} size="lg">
      <Stack gap="sm" data-testid="embed-panel">
        <Text size="sm">
          Paste this code into every page of {row.urlCode || 'the site'} (before &lt;/body&gt; or in
          &lt;head&gt;).
        </Text>
        {resource.isError && (
          <Alert color="red" role="alert">
            {saveFailureText(resource.error)}
          </Alert>
        )}
        {resource.isPending ? (
          <Loader size="sm" aria-label="Loading embed code" />
        ) : (
          code && (
            <Code block data-testid="embed-code" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {code}
            </Code>
          )
        )}
        <Group justify="space-between">
          <Group gap="xs">
            <Text size="sm">Embed status:</Text>
            <Badge variant="light" data-testid="embed-status">
              {SITE_CHECK_OUTCOME_LABELS[embedStatus]}
            </Badge>
          </Group>
          <CopyButton value={code}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                onClick={copy}
                disabled={!code}
                data-testid="embed-copy"
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>

        <Stack gap={4} data-testid="site-check">
          <Group justify="space-between">
            <Text fw={600} size="sm">
              Site check
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                loading={check.isPending}
                onClick={() =>
                  check.mutate(
                    { leadspeekID: row.leadspeekID },
                    { onError: (error) => notifyFailure(saveFailureText(error)) },
                  )
                }
                data-testid="site-check-run"
              >
                Check my site
              </Button>
              <Button
                size="xs"
                variant="light"
                loading={testLead.isPending}
                onClick={() =>
                  testLead.mutate(
                    { leadspeekID: row.leadspeekID },
                    {
                      onSuccess: (answer) => showNotice(testLeadNotice(answer)),
                      onError: (error) => notifyFailure(testLeadFailureText(error, saveFailureText)),
                    },
                  )
                }
                data-testid="send-test-lead"
              >
                Send test lead
              </Button>
            </Group>
          </Group>
          {result ? (
            <Alert
              color={result.status === 'exist' ? 'green' : 'yellow'}
              variant="light"
              data-testid="site-check-result"
              data-status={result.status}
            >
              <Text size="sm">{siteCheckText(result)}</Text>
            </Alert>
          ) : (
            last.isPending && <Loader size="xs" aria-label="Loading the last site check" />
          )}
        </Stack>
      </Stack>
    </Modal>
  );
}
