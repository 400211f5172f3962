/**
 * Photos and the site plan on a proposal (issue 42): photos two to a row with their captions,
 * under their work area or in a Photos section of the estimate's own; the plan on a page of its
 * own (./planPage.ts). Photos are brought to print resolution first (printImages, on the heavy-work thread), so
 * the PDF stays small enough to mail.
 */
import { imageEngine } from '../work/imageEngine';
import type { Column, Content } from 'pdfmake/interfaces';
import type { PrintedPhoto, ProposalData } from './documentData';
import { CONTENT_WIDTH, COLORS } from './documentParts';

/** Two photos to a row across the page, at about 200 dpi. */
const PHOTO_GAP = 12;
const PHOTO_WIDTH = (CONTENT_WIDTH - PHOTO_GAP) / 2;
const PHOTO_HEIGHT = PHOTO_WIDTH * 0.75;
const PHOTO_PRINT_SIDE = 800;

const dataUrl = (bytes: Uint8Array, type: string) => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

async function jpegAt(bytes: Uint8Array, side: number, quality: number): Promise<Uint8Array> {
  const sharp = await imageEngine();
  return sharp(bytes, { limitInputPixels: 64_000_000 })
    .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality, mozjpeg: true })
    .toBuffer();
}

/** The data with each photo at print resolution (at most 800 px; the plan is drawn at its own, server/sitePlans/planPicture.ts). */
export async function printImages(data: ProposalData): Promise<ProposalData> {
  const shrink = (list: PrintedPhoto[] | undefined) =>
    Promise.all(
      (list ?? []).map(async (photo) => (photo.image ? { ...photo, image: await jpegAt(photo.image, PHOTO_PRINT_SIDE, 78) } : photo)),
    );
  const hasImages = data.photos?.some((photo) => photo.image) || data.areas.some((area) => area.photos?.length);
  if (!hasImages) return data;
  return {
    ...data,
    photos: await shrink(data.photos),
    areas: await Promise.all(data.areas.map(async (area) => ({ ...area, photos: await shrink(area.photos) }))),
  };
}

function photoCell(photo: PrintedPhoto): Column {
  return {
    width: PHOTO_WIDTH,
    stack: [
      { image: dataUrl(photo.image!, 'image/jpeg'), fit: [PHOTO_WIDTH, PHOTO_HEIGHT], alignment: 'center' },
      photo.caption
        ? { text: photo.caption, style: 'small', color: COLORS.muted, margin: [0, 3, 0, 0], alignment: 'center' }
        : { text: '' },
    ],
  };
}

/** Photos two to a row, each row kept on one page. */
export function photoRows(photos: PrintedPhoto[] | undefined, inset = 0): Content[] {
  const printable = (photos ?? []).filter((photo) => photo.image);
  const rows: Content[] = [];
  for (let index = 0; index < printable.length; index += 2) {
    const pair: Column[] = printable.slice(index, index + 2).map(photoCell);
    rows.push({
      columns: pair.length === 2 ? pair : [...pair, { width: '*', text: '' }],
      columnGap: PHOTO_GAP,
      margin: [inset, 8, 0, 0],
      unbreakable: true,
    });
  }
  return rows;
}
