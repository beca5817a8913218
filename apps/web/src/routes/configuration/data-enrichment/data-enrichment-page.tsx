import {
  type CountHistoryType,
  type InformationType,
  informationListOfModule,
  VENDOR_LIST_MODULES,
} from '@app/contracts';
import { Alert, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useCampaignLists } from '../../../api/campaigns';
import { useInformationTypes, useQueueEnhancementCount } from '../../../api/data-enrichment';
import { useDataVendorConfig } from '../../../api/keyword-counts';
import { useSessionPermissions } from '../../../api/roles';
import { useCurrentRoute } from '../../../app/routing/current-route';
import { PageLoader } from '../../../app/routing/page-loader';
import { useUrlParams } from '../../../app/routing/use-url-params';
import { SEARCH_DEBOUNCE_MS } from '../../../components/data-list/search-box';
import { notifyFailure, notifySuccess } from '../../../components/feedback/feedback';
import { saveFailureText } from '../../../components/user-form/user-form-model';
import {
  type EnrichableCampaign,
  enrichableCampaigns,
  readSelection,
  writeSelection,
} from './data-enrichment-model';
import { EnhancementHistory } from './enhancement-history';

/**
 * /configuration/data-enrichment (spec 1 §2.3, spec 2 §4 data enhancement counts): for an enhance or
 * b2b campaign, how many people the data vendor holds for its keywords and place, and how many of
 * them it can enrich with each field of an information type — queued, then read as a history per
 * campaign and type. Agency staff see their clients' campaigns; the system's staff every campaign
 * of the system.
 */
/** Campaigns offered per module at once (a search finds the others). */
const CAMPAIGNS_OFFERED = 100;

export function DataEnrichmentPage() {
  const user = useCurrentRoute()?.ctx.user ?? null;
  const [params, setParams] = useUrlParams();
  const selection = readSelection(params);
  const { may } = useSessionPermissions();
  const config = useDataVendorConfig(user?.company_root_id ?? 0);
  // What is typed in the campaign picker searches on the server (an agency may hold more campaigns
  // than one page): the first 100 of each module matching it are offered.
  const [typed, setTyped] = useState('');
  const [search] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  // The chosen campaign stays offered while a search shows others.
  const [picked, setPicked] = useState<EnrichableCampaign | null>(null);
  // The campaigns of every module whose leads come from the vendor (enhance, b2b), 100 each.
  const lists = useCampaignLists(
    user
      ? VENDOR_LIST_MODULES.map((module) => ({
          module,
          companyID: user.company_id,
          clientID: 0,
          group: '',
          sort: { key: 'campaign_name' as const, order: 'asc' as const },
          search,
          page: 1,
          perPage: CAMPAIGNS_OFFERED,
          view: 'current' as const,
          status: 'all' as const,
        }))
      : [],
  );
  const loading = lists.some((q) => q.isPending);
  const found = enrichableCampaigns(lists.flatMap((q) => q.data?.data ?? []));
  const more = lists.some((q) => (q.data?.total ?? 0) > CAMPAIGNS_OFFERED);
  const campaigns = picked && !found.some((c) => c.value === picked.value) ? [picked, ...found] : found;
  const chosen = campaigns.find((c) => Number(c.value) === selection.campaignId) ?? null;
  const types = useInformationTypes(chosen ? informationListOfModule(chosen.module) : null);
  const queue = useQueueEnhancementCount();
  if (!user) return <PageLoader label="Loading data enrichment" />;

  const typeOptions = [
    { value: 'all', label: 'All types' },
    ...(types.data?.data ?? []).map((t) => ({ value: t.type, label: t.label })),
  ];
  const select = (next: Partial<typeof selection>) =>
    setParams((p) => writeSelection(p, { ...selection, ...next }));

  function queueCount() {
    if (!chosen || selection.type === 'all') return;
    queue.mutate(
      { campaignId: selection.campaignId, type: selection.type as InformationType },
      {
        onSuccess: (answer) => notifySuccess(answer.message),
        onError: (error) => notifyFailure(saveFailureText(error)),
      },
    );
  }

  return (
    <Stack gap="md">
      <Stack gap={0}>
        <Title order={2}>Data Enrichment</Title>
        <Text size="sm" c="dimmed">
          Before a campaign asks for advanced information on its leads, see how many of the people it targets
          the data vendor can enrich, per information type.
          {config.data?.data.sandbox && ' Counts come from the sandbox data vendor’s synthetic people.'}
        </Text>
      </Stack>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Group grow align="flex-end">
            <Select
              label="Campaign"
              placeholder={loading ? 'Loading campaigns…' : 'Choose an Enhance or B2B campaign'}
              data={campaigns.map(({ value, label }) => ({ value, label }))}
              value={chosen ? chosen.value : null}
              onChange={(value) => {
                setPicked(campaigns.find((c) => c.value === value) ?? null);
                select({ campaignId: value ? Number(value) : 0, type: 'all' });
              }}
              searchable
              searchValue={typed}
              onSearchChange={setTyped}
              // The server has searched: every option it answered is shown.
              filter={({ options }) => options}
              description={
                more ? `The first ${CAMPAIGNS_OFFERED} of each module: type to find others.` : undefined
              }
              nothingFoundMessage={
                search ? 'No Enhance or B2B campaign matches' : 'No Enhance or B2B campaign'
              }
              data-testid="enrichment-campaign"
            />
            <Select
              label="Information type"
              data={typeOptions}
              value={selection.type}
              onChange={(value) => select({ type: (value ?? 'all') as CountHistoryType })}
              allowDeselect={false}
              disabled={!chosen}
              data-testid="enrichment-type"
            />
          </Group>
          {may('enrichment.run') && (
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                {chosen && selection.type === 'all' ? 'Choose one information type to count.' : ' '}
              </Text>
              <Button
                onClick={queueCount}
                disabled={!chosen || selection.type === 'all'}
                loading={queue.isPending}
                data-testid="enrichment-queue"
              >
                Queue Count
              </Button>
            </Group>
          )}
        </Stack>
      </Card>
      {user && campaigns.length === 0 && !loading && !search && (
        <Alert color="gray" role="status">
          No Enhance or B2B campaign yet: data enrichment counts are for campaigns whose leads come from the
          data vendor.
        </Alert>
      )}
      {chosen && <EnhancementHistory campaignId={selection.campaignId} type={selection.type} />}
    </Stack>
  );
}

export default DataEnrichmentPage;
