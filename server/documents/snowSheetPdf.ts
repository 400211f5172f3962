import type { Content } from 'pdfmake/interfaces';
import { type SnowPricing } from '../../src/domain/snowPricing';
import { snowPricingWords } from '../../src/domain/snowWords';
import { BODY_FONT_SIZE, COLORS } from './documentParts';

/**
 * A snow area's price sheet in a PDF (issue 41): each line in plain words (trigger, depth
 * bands, cap and overage said as the client is billed), then what the area's figure stands
 * for — an expected season, billed by the storms that come. Nothing for a plain area.
 */
export function snowSheetBlocks(sheet: SnowPricing | null | undefined, { inset = 0 }: { inset?: number } = {}): Content[] {
  if (!sheet) return [];
  const words = snowPricingWords(sheet);
  return [
    {
      margin: [inset, 0, 0, 6],
      stack: [
        { ul: words.lines.map((line) => ({ text: line })), fontSize: BODY_FONT_SIZE, margin: [0, 0, 0, 3] },
        { text: words.expected, italics: true, fontSize: BODY_FONT_SIZE, color: COLORS.muted },
      ],
    },
  ];
}
