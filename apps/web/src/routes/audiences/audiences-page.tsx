import { AUDIENCE_TEXTS, type Audience } from '@app/contracts';
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useAudiences, useDeleteAudience } from '../../api/audiences';
import { failureMessage } from '../../api/http';
import { LoadFailure } from '../../components/data-list/load-failure';
import { confirmAction, notifyFailure, notifySuccess } from '../../components/feedback/feedback';
import { LayoutPageFrame } from '../layout-pages/layout-page-frame';
import type { SimplifiScreen } from '../simplifi/use-simplifi-screen';
import { audienceTotals, ownerOptions } from './audience-page-model';
import { AudienceTable } from './audience-table';
import { UploadAudienceModal } from './upload-audience-modal';

/**
 * /audience (spec 1 §2.3 lists it without its contents; issue 24 makes it the ad platform's): the
 * customer lists Simplifi campaigns target. Upload a CSV of e-mail addresses or MD5s for the agency
 * or one of its clients, watch its keys being stored, see which campaigns use each, delete one no
 * campaign uses (decision 0114).
 */
export function AudiencesPage() {
  return (
    <LayoutPageFrame label="Loading audiences">{(screen) => <Audiences screen={screen} />}</LayoutPageFrame>
  );
}

function Audiences({ screen }: { screen: SimplifiScreen }) {
  const { user, may, isClientUser } = screen;
  const list = useAudiences(user.id);
  const remove = useDeleteAudience();
  const [uploading, setUploading] = useState(false);
  const audiences = list.data?.data.audiences ?? [];
  const totals = audienceTotals(audiences);
  const owners = ownerOptions(
    { company_id: user.company_id, company_name: user.company_name, isClient: isClientUser },
    screen.clients,
  );

  const askDelete = async (audience: Audience) => {
    const sure = await confirmAction({
      title: 'Delete audience',
      message: AUDIENCE_TEXTS.deleteConfirm(audience.name),
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!sure) return;
    remove.mutate(audience.id, {
      onSuccess: (answer) => notifySuccess(answer.message),
      onError: (error) => notifyFailure(failureMessage(error)),
    });
  };

  return (
    <Stack gap="md" data-testid="audiences-page">
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Title order={2}>Audiences</Title>
          <Text size="sm" c="dimmed">
            Customer lists your {screen.moduleName} campaigns target, kept as hashed e-mail addresses.
          </Text>
        </Stack>
        {may('audiences.create') && (
          <Button onClick={() => setUploading(true)} data-testid="audience-upload-open">
            Upload audience
          </Button>
        )}
      </Group>
      {list.isError && <LoadFailure error={list.error} onRetry={list.refetch} testId="audiences-error" />}
      {list.isPending ? (
        <Loader size="sm" aria-label="Loading audiences" />
      ) : (
        <>
          <Text size="sm" data-testid="audience-totals">
            {totals.ready.toLocaleString('en-US')} ready, reaching {totals.keys.toLocaleString('en-US')}{' '}
            hashed addresses
            {totals.working > 0 ? ` · ${totals.working} still being stored` : ''}.
          </Text>
          <AudienceTable
            audiences={audiences}
            showOwner={!isClientUser}
            mayDelete={may('audiences.delete')}
            onDelete={(a) => void askDelete(a)}
          />
        </>
      )}
      <UploadAudienceModal opened={uploading} onClose={() => setUploading(false)} owners={owners} />
    </Stack>
  );
}

export default AudiencesPage;
