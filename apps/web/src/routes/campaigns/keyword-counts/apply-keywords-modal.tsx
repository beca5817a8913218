import {
  APPLY_KEYWORD_TYPE_LABELS,
  APPLY_KEYWORD_TYPES,
  type ApplyKeywordType,
  type KeywordCountModule,
} from '@app/contracts';
import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useCampaignList } from '../../../api/campaigns';
import { useApplyKeywords } from '../../../api/keyword-counts';
import { notifySuccess } from '../../../components/feedback/feedback';
import { saveFailureText } from '../../../components/user-form/user-form-model';

/**
 * Applies the picked keywords (counted with a result) to one of the module's campaigns, as its
 * keywords or its contextual keywords (spec 2 §7 `applycampaign`); the campaign keeps its own.
 */
export function ApplyKeywordsModal({
  keywords,
  module,
  companyId,
  clientId,
  onClose,
  onApplied,
}: {
  keywords: string[];
  module: KeywordCountModule;
  /** The agency (its clients' campaigns) or the client itself. */
  companyId: number;
  clientId: number;
  onClose: () => void;
  onApplied: () => void;
}) {
  const [campaignId, setCampaignId] = useState<string | null>(null);
  const [type, setType] = useState<ApplyKeywordType>('keyword');
  const [failure, setFailure] = useState<string | null>(null);
  const apply = useApplyKeywords();
  const campaigns = useCampaignList({
    module,
    companyID: companyId,
    clientID: clientId,
    group: '',
    sort: { key: 'campaign_name', order: 'asc' },
    search: '',
    page: 1,
    perPage: 100,
    view: 'current',
    status: 'all',
  });
  const options = (campaigns.data?.data ?? []).map((c) => ({
    value: String(c.leadspeekID),
    label: `${c.campaignName} (#${c.leadspeek_api_id})`,
  }));

  function submit() {
    if (!campaignId) return;
    setFailure(null);
    apply.mutate(
      { campaignId: Number(campaignId), type, keywords },
      {
        onSuccess: (answer) => {
          const added = answer.data.added.length;
          notifySuccess(
            added === 0
              ? 'The campaign already had these keywords.'
              : `${answer.message} ${added} ${added === 1 ? 'keyword' : 'keywords'} added to #${answer.data.leadspeek_api_id}.`,
          );
          onApplied();
        },
        onError: (error) => setFailure(saveFailureText(error)),
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title="Apply Keywords to a Campaign" size="lg">
      <Stack gap="sm" data-testid="apply-keywords">
        <Text size="sm">
          {keywords.length} {keywords.length === 1 ? 'keyword' : 'keywords'}: {keywords.join(', ')}
        </Text>
        <Select
          label="Campaign"
          placeholder={campaigns.isPending ? 'Loading campaigns…' : 'Choose a campaign'}
          data={options}
          value={campaignId}
          onChange={setCampaignId}
          searchable
          nothingFoundMessage="No campaign of this module"
          data-testid="apply-keywords-campaign"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="apply-keywords-type-label">
            Add them to
          </Text>
          <SegmentedControl
            aria-labelledby="apply-keywords-type-label"
            value={type}
            onChange={(value) => setType(value as ApplyKeywordType)}
            data={APPLY_KEYWORD_TYPES.map((value) => ({ value, label: APPLY_KEYWORD_TYPE_LABELS[value] }))}
          />
        </Stack>
        {failure && (
          <Alert color="red" role="alert" data-testid="apply-keywords-error">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={submit}
            disabled={!campaignId}
            loading={apply.isPending}
            data-testid="apply-keywords-submit"
          >
            Apply
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
