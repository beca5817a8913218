import { AD_MEDIA_KIND_LABELS, type AdMedia, type AdMediaKind } from '@app/contracts';
import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { failureMessage } from '../../../api/http';
import {
  useAttachMedia,
  useCampaignMedia,
  useUploadCampaignMedia,
  useUserMedia,
} from '../../../api/simplifi';
import { LoadFailure } from '../../../components/data-list/load-failure';
import { notifyFailure, notifySuccess } from '../../../components/feedback/feedback';
import { attachableMedia, mediaSizeText, platformAdText } from '../campaign-media-model';

const KIND_OPTIONS = (Object.keys(AD_MEDIA_KIND_LABELS) as AdMediaKind[]).map((value) => ({
  value,
  label: AD_MEDIA_KIND_LABELS[value],
}));

/**
 * A campaign's ads (spec 2 §7 "Media"): those attached (`/media/campaign/{id}`) with whether the ad
 * platform has them yet, the company's other ads to attach (`/media/user/{id}`, `PUT /media/{id}`),
 * and an upload straight onto the campaign. Banners made in the ad builder arrive here as images.
 */
export function CampaignAds({
  campaignId,
  userId,
  mayChange,
  builderPath,
}: {
  campaignId: number;
  userId: number;
  mayChange: boolean;
  /** The ad builder, when the viewer may open it. */
  builderPath: string | null;
}) {
  const attached = useCampaignMedia(campaignId);
  const library = useUserMedia(mayChange ? userId : 0);
  const attach = useAttachMedia();
  const rows = attached.data?.data ?? [];
  const candidates = attachableMedia(library.data?.data ?? [], campaignId);

  const change = (media: AdMedia, to: number | null) =>
    attach.mutate(
      { mediaId: media.id, campaignId: to },
      {
        onSuccess: (answer) => notifySuccess(answer.message),
        onError: (error) => notifyFailure(failureMessage(error)),
      },
    );

  return (
    <Stack gap="md" data-testid="simplifi-ads">
      {attached.isError && (
        <LoadFailure error={attached.error} onRetry={attached.refetch} testId="simplifi-ads-error" />
      )}
      {attached.isPending && <Loader size="sm" aria-label="Loading the campaign's ads" />}
      {attached.data && (
        <MediaTable
          caption="Ads of this campaign"
          rows={rows}
          empty="No ad is attached yet: the campaign shows nothing until it has at least one."
          action={
            mayChange
              ? (media) => (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => change(media, null)}
                    loading={attach.isPending}
                  >
                    Detach
                  </Button>
                )
              : null
          }
          testId="simplifi-ads-attached"
        />
      )}
      {mayChange && (
        <>
          <Title order={5}>Add an ad</Title>
          <UploadAd campaignId={campaignId} />
          {library.isError && (
            <LoadFailure error={library.error} onRetry={library.refetch} testId="simplifi-library-error" />
          )}
          {library.data && (
            <MediaTable
              caption="Your other ads"
              rows={candidates}
              empty="No other ad to attach."
              action={(media) => (
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => change(media, campaignId)}
                  loading={attach.isPending}
                  data-testid={`simplifi-attach-${media.id}`}
                >
                  Attach
                </Button>
              )}
              testId="simplifi-ads-library"
            />
          )}
          {builderPath && (
            <Text size="sm">
              Need an ad? <Link to={builderPath}>Build one in the ad builder</Link> and attach it here.
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}

function MediaTable({
  caption,
  rows,
  empty,
  action,
  testId,
}: {
  caption: string;
  rows: AdMedia[];
  empty: string;
  action: ((media: AdMedia) => React.ReactNode) | null;
  testId: string;
}) {
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped captionSide="top" data-testid={testId}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Size</Table.Th>
            <Table.Th>Ad platform</Table.Th>
            {action && <Table.Th>Action</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={action ? 5 : 4}>
                <Text size="sm" c="dimmed">
                  {empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((media) => (
              <Table.Tr key={media.id} data-testid={`${testId}-${media.id}`}>
                <Table.Td>{media.name}</Table.Td>
                <Table.Td>{AD_MEDIA_KIND_LABELS[media.kind]}</Table.Td>
                <Table.Td>{mediaSizeText(media)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={media.platform_ad_id ? 'green' : 'gray'}>
                    {platformAdText(media)}
                  </Badge>
                </Table.Td>
                {action && <Table.Td>{action(media)}</Table.Td>}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** An image or HTML5 ad uploaded onto the campaign; the server checks it by its bytes. */
function UploadAd({ campaignId }: { campaignId: number }) {
  const upload = useUploadCampaignMedia();
  const [file, setFile] = useState<File | null>(null);
  const [kind, setKind] = useState<AdMediaKind>('image');
  const [error, setError] = useState<string | null>(null);
  const send = () => {
    if (!file) return;
    setError(null);
    upload.mutate(
      { file, kind, campaignId },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message);
          setFile(null);
        },
        onError: (failure) => setError(failureMessage(failure)),
      },
    );
  };
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Kind"
          data={KIND_OPTIONS}
          allowDeselect={false}
          value={kind}
          onChange={(value) => setKind((value ?? 'image') as AdMediaKind)}
          w={180}
          data-testid="simplifi-upload-kind"
        />
        <FileInput
          label="File"
          placeholder="Choose a file"
          accept={kind === 'image' ? 'image/png,image/jpeg,image/gif,image/webp' : '.zip,application/zip'}
          value={file}
          onChange={setFile}
          clearable
          w={260}
          data-testid="simplifi-upload-file"
        />
        <Button
          leftSection={<IconUpload size={16} aria-hidden />}
          onClick={send}
          disabled={!file}
          loading={upload.isPending}
          data-testid="simplifi-upload"
        >
          Upload
        </Button>
      </Group>
      {error && (
        <Alert color="red" variant="light" role="alert" data-testid="simplifi-upload-error">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
