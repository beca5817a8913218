import { Loader } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useBanner } from '../../api/banners';
import { LoadFailure } from '../../components/data-list/load-failure';
import { BannerEditor } from './banner-editor';
import { BannerFrame } from './banner-frame';

/**
 * /banner/create (spec 1 §2.3, issue 24): the banner builder. A new banner starts from the agency's
 * branding; `?id=` opens a saved one (the list's Edit) in the same builder.
 */
export function BannerCreatePage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id') ?? 0);
  const bannerId = Number.isInteger(id) && id > 0 ? id : 0;
  return (
    <BannerFrame label="Loading the banner builder">
      {(screen) => <Builder key={bannerId} bannerId={bannerId} screen={screen} />}
    </BannerFrame>
  );
}

function Builder({
  bannerId,
  screen,
}: {
  bannerId: number;
  screen: Parameters<typeof BannerEditor>[0]['screen'];
}) {
  const banner = useBanner(bannerId);
  if (bannerId === 0) return <BannerEditor screen={screen} banner={null} />;
  if (banner.isError)
    return <LoadFailure error={banner.error} onRetry={banner.refetch} testId="banner-error" />;
  if (!banner.data) return <Loader size="sm" aria-label="Loading the banner" />;
  return <BannerEditor screen={screen} banner={banner.data} />;
}

export default BannerCreatePage;
