/** A snow price sheet in plain words (issue 41): as the proposal, the client's page and the signed PDF print it. */
import { formatMoney } from './money';
import { bandLabel, expectedSeasonTotal } from './snowCharges';
import { SNOW_SERVICE_LABELS, type SnowLine, type SnowPricing } from './snowPricing';

function lineWords(line: SnowLine): string {
  const label = SNOW_SERVICE_LABELS[line.service];
  const trigger =
    line.trigger !== undefined && line.trigger > 0 ? ` Nothing is billed for less than ${line.trigger} in on the ground.` : '';
  switch (line.basis) {
    case 'seasonal': {
      let cap = ', however many storms come.';
      if (line.cap?.events !== undefined) cap = `, covering up to ${line.cap.events} events`;
      if (line.cap?.inches !== undefined) cap = `, covering up to ${line.cap.inches} in of snow in total`;
      const overage =
        line.cap && line.overage !== undefined
          ? `; after that, ${formatMoney(line.overage)} per ${line.cap.events !== undefined ? 'event' : 'inch'}.`
          : line.cap
            ? '; beyond that, nothing more.'
            : '';
      return `${label}: ${formatMoney(line.price ?? 0)} for the season${cap}${overage}${trigger}`;
    }
    case 'perPush': {
      const bands = (line.bands ?? []).map(
        (band) => `${bandLabel(band)}: ${band.price === 0 ? 'no charge' : `${formatMoney(band.price)} per push`}`,
      );
      return `${label}, per push by the depth on the ground — ${bands.join('; ')}.${trigger}`;
    }
    case 'perApplication': {
      const per = line.per === 'ton' ? 'ton of material used' : line.per === 'bag' ? '50 lb bag of material used' : 'application';
      return `${label}: ${formatMoney(line.price ?? 0)} per ${per}.${trigger}`;
    }
    case 'perInch':
      return `${label}: ${formatMoney(line.price ?? 0)} per inch of snow on the ground per storm.${trigger}`;
    case 'hourly':
      return `${label}, by the hour on site: ${(line.rates ?? []).map((rate) => `${rate.equipment} ${formatMoney(rate.hourly)}/h`).join(', ')}.${trigger}`;
  }
}

/** The sheet as the client will be billed, line by line, then what the estimate's figure stands for. */
export function snowPricingWords(sheet: SnowPricing): { lines: string[]; expected: string } {
  return {
    lines: sheet.lines.map(lineWords),
    expected: `Expected season (${sheet.expectedEvents} event${sheet.expectedEvents === 1 ? '' : 's'}, ${sheet.expectedInches} in of snow): ${formatMoney(expectedSeasonTotal(sheet))}. You are billed by the storms that come.`,
  };
}
