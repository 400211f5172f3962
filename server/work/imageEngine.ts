/**
 * sharp, loaded on first use: the server and its heavy-work threads start without libvips
 * (about 160 ms to load), which only photos, plans and their printing need. A thread makes one
 * image at a time and keeps no decoded image between calls.
 */
import type sharpModule from 'sharp';

export type ImageEngine = typeof sharpModule;

let loading: Promise<ImageEngine> | undefined;

export function imageEngine(): Promise<ImageEngine> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}
