import { BANNER_TEXTS, type Banner } from '@app/contracts';
import { Anchor, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useBannerPictureUrl, useBanners, useDeleteBanner, useDuplicateBanner } from '../../api/banners';
import { failureMessage } from '../../api/http';
import { LoadFailure } from '../../components/data-list/load-failure';
import { confirmAction, notifyFailure, notifySuccess } from '../../components/feedback/feedback';
import { BannerFrame, type BannerScreen } from './banner-frame';
import { BannerPreview } from './banner-preview';

/** /banner/list (spec 1 §2.3): the agency's saved banners, newest change first. */
export function BannerListPage() {
  return <BannerFrame label="Loading banners">{(screen) => <BannerList screen={screen} />}</BannerFrame>;
}

function Thumbnail({ banner }: { banner: Banner }) {
  const url = useBannerPictureUrl(banner.id, banner.image !== null, banner.updated_at);
  return (
    <BannerPreview
      design={banner.design}
      size="300x250"
      picture={banner.image}
      pictureUrl={url}
      scale={0.4}
    />
  );
}

function BannerList({ screen }: { screen: BannerScreen }) {
  const { may, user } = screen;
  const list = useBanners(true, user.company_id);
  const duplicate = useDuplicateBanner();
  const remove = useDeleteBanner();
  const navigate = useNavigate();
  const banners = list.data?.data ?? [];

  const askDelete = async (banner: Banner) => {
    const sure = await confirmAction({
      title: 'Delete banner',
      message: BANNER_TEXTS.deleteConfirm(banner.name),
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!sure) return;
    remove.mutate(banner.id, {
      onSuccess: (answer) => notifySuccess(answer.message),
      onError: (error) => notifyFailure(failureMessage(error)),
    });
  };
  const copy = (banner: Banner) =>
    duplicate.mutate(banner.id, {
      onSuccess: (answer) => notifySuccess(answer.message),
      onError: (error) => notifyFailure(failureMessage(error)),
    });

  return (
    <Stack gap="md" data-testid="banner-list">
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Title order={2}>Banners</Title>
          <Text size="sm" c="dimmed">
            Display ads in every standard size, ready to download or add to a campaign.
          </Text>
        </Stack>
        {may('banners.create') && (
          <Button onClick={() => navigate('/banner/create')} data-testid="banner-new">
            New banner
          </Button>
        )}
      </Group>
      {list.isError && <LoadFailure error={list.error} onRetry={list.refetch} testId="banners-error" />}
      {list.isPending ? (
        <Loader size="sm" aria-label="Loading banners" />
      ) : banners.length === 0 ? (
        <Text data-testid="banner-list-empty">No banners yet. Create one to see it in every size.</Text>
      ) : (
        <Table striped verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Preview</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Created by</Table.Th>
              <Table.Th>Last changed</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {banners.map((banner) => (
              <Table.Tr key={banner.id} data-testid={`banner-row-${banner.id}`}>
                <Table.Td>
                  <Thumbnail banner={banner} />
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/banner/create?id=${banner.id}`}>
                    {banner.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{banner.created_by}</Table.Td>
                <Table.Td>{new Date(banner.updated_at).toLocaleString('en-US')}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {may('banners.create') && (
                      <Button size="xs" variant="default" onClick={() => copy(banner)}>
                        Duplicate
                      </Button>
                    )}
                    {may('banners.delete') && (
                      <Button size="xs" variant="subtle" color="red" onClick={() => void askDelete(banner)}>
                        Delete
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

export default BannerListPage;
