import { BANNER_TEXTS, type Banner, type BannerPicture, type IabSizeKey } from '@app/contracts';
import { Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  useBannerPictureUrl,
  useBannerPngFetcher,
  useDeleteBanner,
  useDuplicateBanner,
  useRemoveBannerPicture,
  useSaveBanner,
  useUploadBannerPicture,
} from '../../api/banners';
import { useDomainInfo } from '../../api/domain-info';
import { failureMessage } from '../../api/http';
import { confirmAction, notifyFailure, notifySuccess } from '../../components/feedback/feedback';
import { useFileDownload } from '../../components/feedback/use-file-download';
import { AttachBannerModal } from './attach-banner-modal';
import { BannerFields } from './banner-fields';
import {
  type BannerForm,
  type BannerFormErrors,
  checkedBanner,
  formFromBranding,
  formFromDesign,
  previewDesign,
} from './banner-form-model';
import type { BannerScreen } from './banner-frame';
import { BannerSizes } from './banner-sizes';

/** A picture chosen here and not uploaded yet: its file, a URL to draw it, and its size. */
interface LocalPicture {
  file: File;
  url: string;
  size: BannerPicture;
}

/** The size of a chosen image, read by the browser (the server checks it again by content). */
function pictureSizeOf(url: string): Promise<BannerPicture> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => reject(new Error(BANNER_TEXTS.imageType));
    img.src = url;
  });
}

/**
 * The builder: the form on one side, the live preview of every IAB size on the other, and what a
 * saved banner can do (save, duplicate, delete, download a size's PNG, add to a campaign).
 */
export function BannerEditor({ screen, banner }: { screen: BannerScreen; banner: Banner | null }) {
  const { branding } = useDomainInfo();
  const { may, user } = screen;
  const navigate = useNavigate();
  const start = useMemo(
    () => (banner ? formFromDesign(banner.name, banner.design) : formFromBranding(branding)),
    [banner, branding],
  );
  const [form, setForm] = useState<BannerForm>(start);
  const [errors, setErrors] = useState<BannerFormErrors>({});
  const [local, setLocal] = useState<LocalPicture | null>(null);
  const [attaching, setAttaching] = useState(false);
  const storedUrl = useBannerPictureUrl(banner?.id ?? 0, banner?.image !== null, banner?.updated_at ?? '');
  const save = useSaveBanner();
  const upload = useUploadBannerPicture();
  const removePicture = useRemoveBannerPicture();
  const duplicate = useDuplicateBanner();
  const remove = useDeleteBanner();
  const png = useBannerPngFetcher();
  const { download } = useFileDownload('banner-export');
  useEffect(() => () => (local ? URL.revokeObjectURL(local.url) : undefined), [local]);

  const mayWrite = banner ? may('banners.update') : may('banners.create');
  const dirty = JSON.stringify(form) !== JSON.stringify(start) || local !== null;
  const picture =
    local?.size ?? (banner?.image ? { width: banner.image.width, height: banner.image.height } : null);
  const pictureUrl = local?.url ?? storedUrl;
  const preview = previewDesign(form, start.colors);

  const choosePicture = async (file: File) => {
    const url = URL.createObjectURL(file);
    try {
      setLocal({ file, url, size: await pictureSizeOf(url) });
    } catch (error) {
      URL.revokeObjectURL(url);
      notifyFailure(failureMessage(error));
    }
  };

  const dropPicture = () => {
    if (local) return setLocal(null);
    if (banner)
      removePicture.mutate(banner.id, {
        onSuccess: (answer) => notifySuccess(answer.message),
        onError: (error) => notifyFailure(failureMessage(error)),
      });
  };

  const submit = async () => {
    const checked = checkedBanner(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({
        bannerID: banner?.id,
        name: checked.name,
        design: checked.design,
      });
      if (local) {
        await upload.mutateAsync({ bannerId: saved.data.id, file: local.file });
        setLocal(null);
      }
      // The form now shows what was stored (the server's normalised colours), so it is not "unsaved".
      setForm(formFromDesign(saved.data.name, saved.data.design));
      notifySuccess(saved.message);
      if (!banner) navigate(`/banner/create?id=${saved.data.id}`, { replace: true });
    } catch (error) {
      notifyFailure(failureMessage(error));
    }
  };

  const copy = () =>
    banner &&
    duplicate.mutate(banner.id, {
      onSuccess: (answer) => {
        notifySuccess(answer.message);
        navigate(`/banner/create?id=${answer.data.id}`);
      },
      onError: (error) => notifyFailure(failureMessage(error)),
    });

  const askDelete = async () => {
    if (!banner) return;
    if (
      !(await confirmAction({
        title: 'Delete banner',
        message: BANNER_TEXTS.deleteConfirm(banner.name),
        confirmLabel: 'Delete',
        danger: true,
      }))
    )
      return;
    remove.mutate(banner.id, {
      onSuccess: (answer) => {
        notifySuccess(answer.message);
        navigate('/banner/list');
      },
      onError: (error) => notifyFailure(failureMessage(error)),
    });
  };

  const exportSize = (size: IabSizeKey) =>
    banner && void download(png(banner.id, size), `${banner.name || 'banner'}-${size}.png`);

  return (
    <Stack gap="md" data-testid="banner-editor">
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Title order={2}>{banner ? banner.name : 'Create banner'}</Title>
          <Text size="sm" c="dimmed">
            Build a display ad once and see it in every standard size as you type.
          </Text>
        </Stack>
        <Group gap="xs">
          {mayWrite && (
            <Button
              onClick={() => void submit()}
              loading={save.isPending || upload.isPending}
              data-testid="banner-save"
            >
              Save
            </Button>
          )}
          {banner && may('banners.create') && (
            <Button
              variant="default"
              onClick={copy}
              loading={duplicate.isPending}
              data-testid="banner-duplicate"
            >
              Duplicate
            </Button>
          )}
          {banner && may('banners.attach') && (
            <Button
              variant="default"
              disabled={dirty}
              onClick={() => setAttaching(true)}
              data-testid="banner-attach"
            >
              Add to campaign
            </Button>
          )}
          {banner && may('banners.delete') && (
            <Button variant="subtle" color="red" onClick={() => void askDelete()} data-testid="banner-delete">
              Delete
            </Button>
          )}
        </Group>
      </Group>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <BannerFields
            form={form}
            errors={errors}
            readOnly={!mayWrite}
            pictureName={local ? local.file.name : banner?.image ? 'Saved picture' : null}
            onChange={setForm}
            onPicture={(file) => void choosePicture(file)}
            onRemovePicture={dropPicture}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="xs">
            {dirty && banner && (
              <Text size="sm" c="dimmed" data-testid="banner-unsaved">
                Unsaved changes: save to download them as PNG or add them to a campaign.
              </Text>
            )}
            <BannerSizes
              design={preview}
              picture={picture}
              pictureUrl={pictureUrl}
              exportable={banner !== null && !dirty}
              onExport={exportSize}
            />
          </Stack>
        </Grid.Col>
      </Grid>
      {banner && (
        <AttachBannerModal
          opened={attaching}
          onClose={() => setAttaching(false)}
          bannerId={banner.id}
          companyId={user.company_id}
        />
      )}
    </Stack>
  );
}
