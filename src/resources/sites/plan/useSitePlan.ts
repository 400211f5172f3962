import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import type { YardstickDataProvider } from '../../../providers/dataProvider';
import type { SitePlan } from '../../../domain/sitePlan';
import { SITE_PLAN_QUERY } from '../../../schema/actions/sitePlans';

const planPath = (siteId: Identifier) => `/sites/${encodeURIComponent(siteId)}/plan`;

/** GET /api/sites/:id/plan (the declared action): the site's plan, version 0 while none is saved. */
export function useSitePlan(siteId: Identifier | null | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  return useQuery({
    queryKey: [SITE_PLAN_QUERY, String(siteId)],
    queryFn: (): Promise<SitePlan> => dataProvider.getSitePlan(siteId!),
    enabled: enabled && siteId != null,
  });
}

export interface UploadedPlanImage {
  imageID: number;
  width: number;
  height: number;
}

/** POST /api/sites/:id/plan/image: a plan image, or a PDF whose first page the server makes the image. */
export function useUploadPlanImage(siteId: Identifier) {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return dataProvider.request<UploadedPlanImage>('POST', `${planPath(siteId)}/image`, { body });
    },
  });
}

/** The plan image's large version as an object URL (an image URL on the API would carry no token). */
export function usePlanImageUrl(imageID: number | null): string | null {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const { data: blob } = useQuery({
    queryKey: ['planImage', imageID],
    queryFn: () => dataProvider.request<Blob>('GET', `/photos/${imageID}/large`, { responseType: 'blob' }),
    enabled: imageID !== null,
    staleTime: Infinity,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob || imageID === null) {
      setUrl(null);
      return undefined;
    }
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob, imageID]);
  return url;
}
