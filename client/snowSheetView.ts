/**
 * A snow area's price sheet on the client's page (issue 41): each line in plain words, then
 * what the area's figure stands for — an expected season, billed by the storms that come.
 */
import { type SnowPricing } from '../src/domain/snowPricing';
import { snowPricingWords } from '../src/domain/snowWords';
import { h } from './dom';

export function snowSheetView(sheet: SnowPricing | null | undefined): HTMLElement | null {
  if (!sheet) return null;
  const words = snowPricingWords(sheet);
  return h(
    'div',
    { class: 'snow-sheet' },
    h(
      'ul',
      { class: 'snow-lines' },
      words.lines.map((line) => h('li', {}, line)),
    ),
    h('p', { class: 'snow-expected' }, words.expected),
  );
}
