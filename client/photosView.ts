/**
 * Photos on the client's page (issue 42): the thumbnails the proposal printed, loaded as they
 * scroll into view, each opening its large version; its caption beneath.
 */
import type { PublicPhoto } from '../src/domain/proposals';
import { h } from './dom';

export function photosView(photos: PublicPhoto[] | undefined, label: string): HTMLElement | null {
  if (!photos?.length) return null;
  return h(
    'ul',
    { class: 'photos', attrs: { 'aria-label': label } },
    photos.map((photo) => {
      const name = photo.caption || 'Photo';
      const side = 400 / Math.max(photo.width, photo.height);
      return h(
        'li',
        { class: 'photo' },
        h(
          'a',
          { attrs: { href: photo.largeUrl, target: '_blank', rel: 'noopener', 'aria-label': `${name} (larger)` } },
          h('img', {
            attrs: {
              src: photo.thumbUrl,
              alt: name,
              loading: 'lazy',
              decoding: 'async',
              width: Math.round(photo.width * side),
              height: Math.round(photo.height * side),
            },
          }),
        ),
        photo.caption ? h('p', { class: 'photo-caption' }, photo.caption) : null,
      );
    }),
  );
}
