import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JpegError, JpegTooLargeError, readJpegFrame } from '../../server/company/jpegHeader';
import { decodePng, PngDataTooLargeError } from '../../server/company/pngCodec';
import { LOGO_MAX_PIXELS } from '../../src/domain/companyLogo';
import { bombPng, handBuiltJpeg, jpegDeclaring } from '../helpers/imageBombs';

const JPEG = readFileSync(new URL('../fixtures/logo.jpg', import.meta.url));

describe('PNG decoded size', () => {
  it('refuses a 16-bit RGBA image inflating to 128 MB from its header, before inflating', () => {
    const bomb = bombPng();
    expect(bomb.length).toBeLessThan(200_000);
    const started = performance.now();
    expect(() => decodePng(bomb, LOGO_MAX_PIXELS)).toThrow(PngDataTooLargeError);
    // Inflating 128 MB takes far longer than reading a header.
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe('JPEG frame header', () => {
  it('reads the size of a real JPEG and of a hand-built one', () => {
    expect(readJpegFrame(JPEG, LOGO_MAX_PIXELS)).toEqual({ width: 62, height: 65, progressive: false });
    expect(readJpegFrame(handBuiltJpeg(4000, 4000), LOGO_MAX_PIXELS)).toMatchObject({ width: 4000, height: 4000 });
  });

  it('refuses a frame declaring 65,500 × 65,500 pixels', () => {
    expect(() => readJpegFrame(handBuiltJpeg(65_500, 65_500), LOGO_MAX_PIXELS)).toThrow(JpegTooLargeError);
    expect(() => readJpegFrame(jpegDeclaring(JPEG, 65_500, 65_500), LOGO_MAX_PIXELS)).toThrow(JpegTooLargeError);
    expect(() => readJpegFrame(handBuiltJpeg(4001, 4000), LOGO_MAX_PIXELS)).toThrow(JpegTooLargeError);
  });

  it('refuses a truncated file: cut in its data, without EOI, with a segment running past the end, with no scan', () => {
    const truncated = [
      JPEG.subarray(0, Math.floor(JPEG.length / 2)),
      JPEG.subarray(0, JPEG.length - 2),
      JPEG.subarray(0, 30),
      handBuiltJpeg(10, 10, { withEnd: false }),
      Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x0b, 0x08, 0, 10, 0, 10, 0x01, 0x01, 0x11, 0x00, 0xff, 0xd9]),
    ];
    for (const bytes of truncated) {
      expect(() => readJpegFrame(bytes, LOGO_MAX_PIXELS)).toThrow(JpegError);
      expect(() => readJpegFrame(bytes, LOGO_MAX_PIXELS)).not.toThrow(JpegTooLargeError);
    }
  });
});
