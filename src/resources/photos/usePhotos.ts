import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import type { PhotoOwner, PhotoRecord, PhotoVersion } from '../../domain/photos';
import { PHOTOS_QUERY } from '../../schema/actions/photos';
import type { YardstickDataProvider } from '../../providers/dataProvider';
import { useApiGet } from '../../providers/useApiGet';

export const photosPath = (owner: PhotoOwner, id: Identifier) => `/${owner}/${encodeURIComponent(id)}/photos`;

export const photosKey = (owner: PhotoOwner, id: Identifier | undefined) => [PHOTOS_QUERY, owner, String(id)];

/** GET /api/<owner>/:id/photos: the gallery, in its order. */
export const usePhotos = (owner: PhotoOwner, id: Identifier | undefined) =>
  useApiGet<{ photos: PhotoRecord[] }, PhotoRecord[]>(photosKey(owner, id), photosPath(owner, id ?? 0), {
    pick: (body) => body.photos,
    enabled: id !== undefined && id !== null && id !== '',
  });

/**
 * One version of a photo as an object URL (an <img> on the API's URL would carry no token). A
 * photo's bytes never change, so each is fetched once per session.
 */
export function usePhotoUrl(id: number, version: PhotoVersion, enabled = true): string | undefined {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const { data: blob } = useQuery({
    queryKey: ['photoImage', id, version],
    queryFn: () => dataProvider.request<Blob>('GET', `/photos/${id}/${version}`, { responseType: 'blob' }),
    enabled,
    staleTime: Infinity,
  });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return undefined;
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  return url;
}
