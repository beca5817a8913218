import {
  type AttachBannerRequest,
  attachBannerResponseSchema,
  bannerListResponseSchema,
  bannerResponseSchema,
  deleteBannerResponseSchema,
  type IabSizeKey,
  type SaveBannerRequest,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useHttp } from '../app/boot/boot-context';

/* The banner builder (issue 24, decision 0113): saved banners, their picture, PNGs, attaching. */

export const bannerKeys = {
  all: ['banners'] as const,
  list: (companyId: number) => [...bannerKeys.all, 'list', companyId] as const,
  one: (bannerId: number) => [...bannerKeys.all, 'one', bannerId] as const,
  picture: (bannerId: number, version: string) => [...bannerKeys.all, 'picture', bannerId, version] as const,
};
/** The ad-media lists the Simplifi screens read (api/simplifi.ts): attaching adds to them. */
const MEDIA_KEY = ['ad-media'] as const;

/** `POST /banner/show` without an id: the banners of the person's company, the last changed first. */
export function useBanners(enabled: boolean, companyId: number) {
  const http = useHttp();
  return useQuery({
    queryKey: bannerKeys.list(companyId),
    queryFn: () => http.post('/banner/show', {}, bannerListResponseSchema),
    enabled,
  });
}

/** `POST /banner/show` with `bannerID`: one banner; 0 keeps it idle. */
export function useBanner(bannerId: number) {
  const http = useHttp();
  return useQuery({
    queryKey: bannerKeys.one(bannerId),
    queryFn: async () =>
      (await http.post('/banner/show', { bannerID: bannerId }, bannerListResponseSchema)).data[0],
    enabled: bannerId > 0,
  });
}

function useBannerWrite<A, R>(write: (http: ReturnType<typeof useHttp>, args: A) => Promise<R>) {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: A) => write(http, args),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bannerKeys.all }),
  });
}

/** `POST /banner/startbannercreate`: a new banner (no `bannerID`) or its saved version. */
export const useSaveBanner = () =>
  useBannerWrite((http, body: SaveBannerRequest) =>
    http.post('/banner/startbannercreate', body, bannerResponseSchema),
  );

/** `POST /banner/duplicate/{banner_id}`. */
export const useDuplicateBanner = () =>
  useBannerWrite((http, bannerId: number) =>
    http.request({ method: 'POST', path: `/banner/duplicate/${bannerId}` }, bannerResponseSchema),
  );

/** `DELETE /banner/{banner_id}`. */
export const useDeleteBanner = () =>
  useBannerWrite((http, bannerId: number) =>
    http.request({ method: 'DELETE', path: `/banner/${bannerId}` }, deleteBannerResponseSchema),
  );

/** `POST /banner/image` (multipart `bannerID`, `file`): the banner's picture, checked by the server. */
export const useUploadBannerPicture = () =>
  useBannerWrite((http, { bannerId, file }: { bannerId: number; file: File }) => {
    const form = new FormData();
    form.append('bannerID', String(bannerId));
    form.append('file', file, file.name);
    return http.request({ method: 'POST', path: '/banner/image', body: form }, bannerResponseSchema);
  });

/** `DELETE /banner/image/{banner_id}`. */
export const useRemoveBannerPicture = () =>
  useBannerWrite((http, bannerId: number) =>
    http.request({ method: 'DELETE', path: `/banner/image/${bannerId}` }, bannerResponseSchema),
  );

/**
 * The banner's stored picture as an object URL the preview can draw (the bytes come with the
 * session's token, so an <img> cannot load them itself); null while loading or when there is none.
 * `version` (the banner's last change) fetches it again after a new picture.
 */
export function useBannerPictureUrl(bannerId: number, hasPicture: boolean, version: string): string | null {
  const http = useHttp();
  const query = useQuery({
    queryKey: bannerKeys.picture(bannerId, version),
    queryFn: () => http.requestFile({ path: `/banner/image/${bannerId}` }),
    enabled: bannerId > 0 && hasPicture,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!hasPicture || !query.data) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(query.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [hasPicture, query.data]);
  return url;
}

/** `GET /banner/export/{banner_id}/{size}`: the PNG of one size, as the server rendered it. */
export function useBannerPngFetcher() {
  const http = useHttp();
  return (bannerId: number, size: IabSizeKey) => () =>
    http.requestFile({ path: `/banner/export/${bannerId}/${size}` });
}

/** `POST /banner/attach`: the chosen sizes rendered and added to a Simplifi campaign's ads. */
export function useAttachBanner() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AttachBannerRequest) => http.post('/banner/attach', body, attachBannerResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MEDIA_KEY }),
  });
}
