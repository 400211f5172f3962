/**
 * A page of its own for a site's plan in a PDF (issue 42): the season report prints it, and the
 * proposal can. pdfmake content only; the picture comes from server/sitePlans/planPicture.ts.
 */
import type { Content } from 'pdfmake/interfaces';
import { COLORS, CONTENT_WIDTH, PAGE_MARGINS } from './documentParts';

/** The drawn plan: a PNG and its size in pixels. */
export interface PlanPicture {
  png: Uint8Array;
  width: number;
  height: number;
}

/** US Letter's height less the margins and room for the heading and the key. */
const PICTURE_HEIGHT = 792 - PAGE_MARGINS[1] - PAGE_MARGINS[3] - 80;

export const PLAN_KEY = 'Areas in green, lines in blue, points in orange; each labelled with its measure at the plan’s scale.';

/** The plan on a new page under its heading. */
export function planPageContent(picture: PlanPicture, heading: string): Content[] {
  const png = Buffer.from(picture.png.buffer, picture.png.byteOffset, picture.png.byteLength).toString('base64');
  return [
    { text: heading, fontSize: 14, bold: true, color: COLORS.accent, pageBreak: 'before', margin: [0, 0, 0, 4] },
    { text: PLAN_KEY, fontSize: 8, color: COLORS.muted, margin: [0, 0, 0, 8] },
    { image: `data:image/png;base64,${png}`, fit: [CONTENT_WIDTH, PICTURE_HEIGHT], alignment: 'center' },
  ];
}
