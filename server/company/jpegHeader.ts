/**
 * A JPEG's frame size read from its markers, without decoding it: the logo is embedded in
 * every proposal as it came, so its dimensions and its completeness are checked here.
 */

export class JpegError extends Error {}
/** The frame header declares more pixels than the caller allows. */
export class JpegTooLargeError extends JpegError {}

export interface JpegFrame {
  width: number;
  height: number;
  /** SOF0 baseline, SOF1 extended sequential, SOF2 progressive. */
  progressive: boolean;
}

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
/** Baseline, extended sequential and progressive Huffman frames: what PDF readers draw. */
const SUPPORTED_FRAMES = new Set([0xc0, 0xc1, 0xc2]);
/** Every other start-of-frame marker (lossless, hierarchical, arithmetic coding). */
const OTHER_FRAMES = new Set([0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
/** Markers that stand alone, with no length after them. */
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/** The offset of the next marker after entropy-coded data (skipping stuffed 0xFF00 and restarts). */
function endOfScan(bytes: Uint8Array, pos: number): number {
  for (let i = pos; i + 1 < bytes.length; i++) {
    if (bytes[i] !== 0xff) continue;
    const next = bytes[i + 1];
    if (next === 0x00 || next === 0xff || (next >= 0xd0 && next <= 0xd7)) continue;
    return i;
  }
  throw new JpegError('truncated: the image data has no end');
}

/**
 * Walks the markers from SOI to EOI: the frame header (SOF0/1/2) gives the size, which must be
 * at most `maxPixels`; a segment running past the end, a missing scan or a missing EOI means
 * a truncated or damaged file.
 */
export function readJpegFrame(bytes: Uint8Array, maxPixels: number): JpegFrame {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) throw new JpegError('not a JPEG');
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let pos = 2;
  let frame: JpegFrame | undefined;
  let scanned = false;
  for (;;) {
    if (pos + 1 >= bytes.length) throw new JpegError('truncated: no end of image');
    if (bytes[pos] !== 0xff) throw new JpegError('damaged: a marker was expected');
    const marker = bytes[pos + 1];
    if (marker === 0xff) {
      pos += 1; // fill byte
      continue;
    }
    if (marker === EOI) break;
    if (isStandalone(marker)) {
      pos += 2;
      continue;
    }
    if (marker === SOI || marker === 0x00) throw new JpegError('damaged: unexpected marker');
    if (pos + 4 > bytes.length) throw new JpegError('truncated segment');
    const length = view.readUInt16BE(pos + 2);
    const end = pos + 2 + length;
    if (length < 2 || end > bytes.length) throw new JpegError('truncated: a segment runs past the end');
    if (SUPPORTED_FRAMES.has(marker) || OTHER_FRAMES.has(marker)) {
      if (!SUPPORTED_FRAMES.has(marker)) throw new JpegError('unsupported kind of JPEG');
      if (frame || length < 8) throw new JpegError('damaged frame header');
      const height = view.readUInt16BE(pos + 5);
      const width = view.readUInt16BE(pos + 7);
      if (width === 0 || height === 0) throw new JpegError('no size in the frame header');
      if (width * height > maxPixels) throw new JpegTooLargeError('too many pixels');
      frame = { width, height, progressive: marker === 0xc2 };
    }
    if (marker === SOS) {
      if (!frame) throw new JpegError('damaged: a scan before the frame header');
      scanned = true;
      pos = endOfScan(bytes, end);
    } else pos = end;
  }
  if (!frame || !scanned) throw new JpegError('damaged: no image data');
  return frame;
}
