import { AD_MEDIA_TEXTS, IAB_SIZES, type IabSizeKey } from '@app/contracts';
import { Button, Checkbox, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useAttachBanner } from '../../api/banners';
import { failureMessage } from '../../api/http';
import { useSimplifiCampaignList } from '../../api/simplifi';
import { notifyFailure, notifySuccess } from '../../components/feedback/feedback';

/**
 * Adds the banner to one of the agency's Simplifi campaigns: the chosen sizes are rendered by the
 * server and become the campaign's ads (its media), which the campaign sends to the ad platform.
 */
export function AttachBannerModal({
  opened,
  onClose,
  bannerId,
  companyId,
}: {
  opened: boolean;
  onClose: () => void;
  bannerId: number;
  companyId: number;
}) {
  // The agency's current Simplifi campaigns (the module's own list, newest first).
  const campaigns = useSimplifiCampaignList(
    opened
      ? {
          companyID: companyId,
          clientID: 0,
          group: '',
          sort: null,
          search: '',
          page: 1,
          perPage: 100,
          view: 'current',
          status: 'all',
        }
      : null,
  );
  const attach = useAttachBanner();
  const [campaign, setCampaign] = useState<string | null>(null);
  const [sizes, setSizes] = useState<string[]>(IAB_SIZES.map((s) => s.key));
  const options = (campaigns.data?.data ?? []).map((c) => ({
    value: String(c.leadspeekID),
    label: `${c.campaignName} · ${c.client_company_name} (#${c.leadspeek_api_id})`,
  }));
  const submit = () => {
    if (!campaign || sizes.length === 0) return;
    attach.mutate(
      { bannerID: bannerId, campaignID: Number(campaign), sizes: sizes as IabSizeKey[] },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message);
          onClose();
        },
        onError: (error) => notifyFailure(failureMessage(error)),
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Add to a Simplifi campaign">
      <Stack gap="sm">
        {campaigns.isSuccess && options.length === 0 ? (
          <Text size="sm" data-testid="attach-no-campaigns">
            {AD_MEDIA_TEXTS.notSimplifiCampaign} None of your clients has one yet.
          </Text>
        ) : (
          <Select
            label="Campaign"
            placeholder={campaigns.isPending ? 'Loading campaigns…' : 'Choose a campaign'}
            data={options}
            value={campaign}
            onChange={setCampaign}
            searchable
            data-testid="attach-campaign"
          />
        )}
        <Checkbox.Group label="Sizes" value={sizes} onChange={setSizes}>
          <Stack gap={4} mt={4}>
            {IAB_SIZES.map((s) => (
              <Checkbox key={s.key} value={s.key} label={`${s.name} ${s.width}×${s.height}`} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={submit}
            loading={attach.isPending}
            disabled={!campaign || sizes.length === 0}
            data-testid="attach-submit"
          >
            Add {sizes.length === 1 ? 'one ad' : `${sizes.length} ads`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
