import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PngError, PngTooLargeError, decodePng, encodePng, flattenOnWhite } from '../../server/company/pngCodec';
import { referencePng, type PngSpec } from '../helpers/pngFixtures';

const W = 11;
const H = 7;
const at = (image: { width: number; data: Uint8Array }, x: number, y: number, channels = 4) => [
  ...image.data.subarray((y * image.width + x) * channels, (y * image.width + x + 1) * channels),
];

describe('decodePng (the logo reader)', () => {
  const gray = (depth: number) => (x: number, y: number) => [(x + y) % 2 ** depth];
  const cases: [string, Omit<PngSpec, 'width' | 'height'>, (x: number, y: number) => number[]][] = [
    [
      'gray 1-bit',
      { colorType: 0, depth: 1, pixel: gray(1) },
      (x, y) => {
        const v = (x + y) % 2 ? 255 : 0;
        return [v, v, v, 255];
      },
    ],
    [
      'gray 2-bit',
      { colorType: 0, depth: 2, pixel: gray(2) },
      (x, y) => {
        const v = Math.round((((x + y) % 4) * 255) / 3);
        return [v, v, v, 255];
      },
    ],
    [
      'gray 4-bit',
      { colorType: 0, depth: 4, pixel: gray(4) },
      (x, y) => {
        const v = (((x + y) % 16) * 255) / 15;
        return [v, v, v, 255];
      },
    ],
    [
      'gray 16-bit',
      { colorType: 0, depth: 16, pixel: (x) => [x * 5000] },
      (x) => {
        const v = (x * 5000) >> 8;
        return [v, v, v, 255];
      },
    ],
    [
      'gray with a transparent key',
      { colorType: 0, depth: 8, transparency: Buffer.from([0, 3]), pixel: (x) => [x] },
      (x) => [x, x, x, x === 3 ? 0 : 255],
    ],
    ['RGB 8-bit', { colorType: 2, depth: 8, pixel: (x, y) => [x * 20, y * 30, 200] }, (x, y) => [x * 20, y * 30, 200, 255]],
    [
      'RGB 16-bit',
      { colorType: 2, depth: 16, pixel: (x, y) => [x * 6000, y * 9000, 65535] },
      (x, y) => [(x * 6000) >> 8, (y * 9000) >> 8, 255, 255],
    ],
    [
      'RGB with a transparent colour',
      { colorType: 2, depth: 8, transparency: Buffer.from([0, 20, 0, 0, 0, 200]), pixel: (x) => [x * 20, 0, 200] },
      (x) => [x * 20, 0, 200, x === 1 ? 0 : 255],
    ],
    [
      'palette 2-bit with alpha',
      {
        colorType: 3,
        depth: 2,
        palette: [
          [255, 0, 0],
          [0, 255, 0],
          [0, 0, 255],
        ],
        transparency: Buffer.from([255, 128]),
        pixel: (x) => [x % 3],
      },
      (x) =>
        [
          [255, 0, 0, 255],
          [0, 255, 0, 128],
          [0, 0, 255, 255],
        ][x % 3],
    ],
    ['gray and alpha 8-bit', { colorType: 4, depth: 8, pixel: (x, y) => [x * 10, y * 30] }, (x, y) => [x * 10, x * 10, x * 10, y * 30]],
    ['RGBA 8-bit', { colorType: 6, depth: 8, pixel: (x, y) => [x, y, x + y, 100 + x] }, (x, y) => [x, y, x + y, 100 + x]],
    ['RGBA 16-bit', { colorType: 6, depth: 16, pixel: (x, y) => [x * 256, y * 256, 0, 65535] }, (x, y) => [x, y, 0, 255]],
  ];

  for (const [name, spec, expected] of cases) {
    for (const interlaced of [false, true]) {
      it(`${name}${interlaced ? ', interlaced' : ''}`, () => {
        const image = decodePng(referencePng({ width: W, height: H, interlaced, ...spec }), 1000);
        expect([image.width, image.height]).toEqual([W, H]);
        for (let y = 0; y < H; y += 1) for (let x = 0; x < W; x += 1) expect(at(image, x, y), `${x},${y}`).toEqual(expected(x, y));
      });
    }
  }

  it('reads a PNG written by a real encoder (cairo: RGBA, every filter)', () => {
    const image = decodePng(readFileSync(new URL('../../server/db/seed/data/demo-logo.png', import.meta.url)), 1e6);
    expect([image.width, image.height]).toEqual([247, 260]);
    expect(at(image, 0, 0)[3]).toBe(0); // transparent corner
    expect(at(image, 20, 130)).toEqual([0x2e, 0x6b, 0x3f, 255]); // the green square
    expect(at(image, 110, 150)).toEqual([255, 255, 255, 255]); // the white leaf
  });

  it('refuses damaged or hostile files with its own error, before inflating a huge image', () => {
    const good = referencePng({ width: W, height: H, colorType: 2, depth: 8, pixel: () => [1, 2, 3] });
    const corrupt = Buffer.from(good);
    corrupt[40] ^= 0xff; // inside IDAT: the CRC no longer matches
    const bad: Buffer[] = [
      Buffer.from('not a png at all'),
      good.subarray(0, 30),
      corrupt,
      referencePng({ width: W, height: H, colorType: 2, depth: 4 as 8, pixel: () => [1, 2, 3] }),
      referencePng({ width: 3, height: 3, colorType: 3, depth: 8, palette: [[1, 2, 3]], pixel: () => [7] }),
    ];
    for (const bytes of bad) expect(() => decodePng(bytes, 1000)).toThrow(PngError);
    const huge = referencePng({ width: 1, height: 1, colorType: 0, depth: 8, pixel: () => [0] });
    huge.writeUInt32BE(50_000, 16);
    huge.writeUInt32BE(50_000, 20);
    huge.writeUInt32BE(crc32(huge.subarray(12, 29)), 29); // IHDR's CRC, so only the size is wrong
    expect(() => decodePng(huge, 4000 * 4000)).toThrow(PngTooLargeError);
  });
});

describe('flattenOnWhite and encodePng (the printable logo)', () => {
  it('puts transparency on white, scales down with a box filter, and writes a PNG that reads back the same', () => {
    const rgba = decodePng(
      referencePng({ width: 8, height: 4, colorType: 6, depth: 8, pixel: (x) => (x < 4 ? [0, 0, 0, 255] : [0, 0, 0, 0]) }),
      1000,
    );
    const flat = flattenOnWhite(rgba, 4);
    expect([flat.width, flat.height]).toEqual([4, 2]);
    expect(at(flat, 0, 0, 3)).toEqual([0, 0, 0]);
    expect(at(flat, 3, 1, 3)).toEqual([255, 255, 255]);
    const half = flattenOnWhite(decodePng(referencePng({ width: 2, height: 1, colorType: 4, depth: 8, pixel: () => [0, 128] }), 10), 10);
    expect(at(half, 0, 0, 3)).toEqual([127, 127, 127]);

    const again = decodePng(encodePng(flat), 1000);
    for (let y = 0; y < 2; y += 1) for (let x = 0; x < 4; x += 1) expect(at(again, x, y).slice(0, 3)).toEqual(at(flat, x, y, 3));
    const noisy = { width: 9, height: 5, data: Uint8Array.from({ length: 135 }, (_, i) => (i * 37) % 256) };
    expect(decodePng(encodePng(noisy), 100).data.filter((_, i) => i % 4 !== 3)).toEqual(noisy.data);
  });
});
