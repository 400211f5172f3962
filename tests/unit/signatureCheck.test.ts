import { cleanSignatureTask } from '../../server/proposals/signatureTask';
import { describe, expect, it } from 'vitest';
import { readChunks, readHeader } from '../../server/company/pngHeader';
import {
  checkSignature,
  cleanSignaturePng,
  SIGNATURE_NOT_PNG,
  SIGNATURE_UNREADABLE,
  signatureTooManyPixels,
} from '../../server/proposals/signature';
import { createHeavyWork } from '../../server/work/heavyWork';
import { MAX_SIGNATURE_HEIGHT, MAX_SIGNATURE_WIDTH, signatureExportSize } from '../../src/domain/proposals';
import { asDataUrl, brokenHeaderPngs, canvasPng, pngDeclaring } from '../helpers/signaturePngs';

const problemOf = (png: Buffer) => {
  const checked = checkSignature(asDataUrl(png));
  return 'problem' in checked ? checked.problem : null;
};

describe("a drawn signature's declared canvas (issue 36)", () => {
  it('refuses a blank 1999 × 1999 PNG of some 15 KB, naming the limit', () => {
    const blank = canvasPng(1999, 1999, { blank: true });
    expect(blank.length).toBeLessThan(20_000);
    expect(problemOf(blank)).toBe(signatureTooManyPixels(1999, 1999));
    expect(signatureTooManyPixels(1999, 1999)).toBe(
      'The signature image is 1999 × 1999 pixels: a drawn signature is at most 1600 × 600 pixels.',
    );
  });

  it('judges the size from the header alone: image data that could never inflate to it is not looked at', () => {
    for (const [width, height] of [
      [100_000, 100_000],
      [2 ** 31 - 1, 1],
      [1, 2 ** 32 - 1],
      [MAX_SIGNATURE_WIDTH + 1, 1],
      [1, MAX_SIGNATURE_HEIGHT + 1],
    ]) {
      expect(problemOf(pngDeclaring(width, height)), `${width} × ${height}`).toBe(signatureTooManyPixels(width, height));
    }
    // Within the bounds, the same lie passes the header and fails when decoded.
    const lying = pngDeclaring(MAX_SIGNATURE_WIDTH, MAX_SIGNATURE_HEIGHT);
    expect(problemOf(lying)).toBeNull();
    expect(cleanSignaturePng(lying)).toEqual({ problem: SIGNATURE_UNREADABLE });
  });

  it('accepts every size up to the bounds, and makes a clean copy at most 800 pixels wide', () => {
    for (const [width, height] of [
      [MAX_SIGNATURE_WIDTH, MAX_SIGNATURE_HEIGHT],
      [1290, 540],
      [60, 20],
      [1, 1],
    ]) {
      const checked = checkSignature(asDataUrl(canvasPng(width, height)));
      expect('png' in checked, `${width} × ${height}`).toBe(true);
      const clean = cleanSignaturePng((checked as { png: Buffer }).png);
      expect('image' in clean).toBe(true);
      const header = readHeader(Buffer.from((clean as { image: string }).image.split(',')[1], 'base64'));
      expect(header.width).toBe(Math.min(width, 800));
      expect(header.colorType).toBe(2);
    }
  });

  it('refuses a broken header as unreadable, and bytes that are not a PNG as such', () => {
    for (const [what, png] of brokenHeaderPngs()) expect(problemOf(png), what).toBe(SIGNATURE_UNREADABLE);
    expect(problemOf(Buffer.from('GIF89a hello'))).toBe(SIGNATURE_NOT_PNG);
    expect(problemOf(Buffer.alloc(0))).not.toBeNull();
  });

  it('reads the header as the full reader does', () => {
    const png = canvasPng(321, 123);
    expect(readHeader(png)).toEqual(readChunks(png, 1_000_000).header);
  });
});

describe('cleaning a drawn signature as heavy work', () => {
  it('makes the same clean copy on a worker thread and inline (threads: 0)', async () => {
    const png = canvasPng(900, 300);
    const expected = cleanSignaturePng(png);
    expect('image' in expected).toBe(true);
    for (const threads of [1, 0]) {
      const work = createHeavyWork({ threads });
      try {
        expect(await work.run('client:192.0.2.1', cleanSignatureTask, { png }), `threads: ${threads}`).toEqual(expected);
        expect(await work.run('client:192.0.2.1', cleanSignatureTask, { png: pngDeclaring(900, 300) })).toEqual({
          problem: SIGNATURE_UNREADABLE,
        });
      } finally {
        await work.close();
      }
    }
    // A worker thread starts and loads its module: seconds on a busy CI machine.
  }, 30_000);
});

describe('the size a drawn signature is sent at', () => {
  it('keeps a pad within the bounds as it is, and scales a larger one down to fit, keeping its aspect', () => {
    expect(signatureExportSize(1290, 540)).toEqual({ width: 1290, height: 540 });
    expect(signatureExportSize(1600, 600)).toEqual({ width: 1600, height: 600 });
    expect(signatureExportSize(1800, 360)).toEqual({ width: 1600, height: 320 });
    expect(signatureExportSize(1470, 630)).toEqual({ width: 1400, height: 600 });
    expect(signatureExportSize(3840, 720)).toEqual({ width: 1600, height: 300 });
    expect(signatureExportSize(20_000, 2)).toEqual({ width: 1600, height: 1 });
    expect(signatureExportSize(0.5, 0.5)).toEqual({ width: 1, height: 1 });
  });
});
