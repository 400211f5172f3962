import { termMonths } from '../../domain/agreements';
import { formatMoney } from '../../domain/money';
import { isSnowSheet } from '../../domain/snowPricing';
import { snowPricingWords } from '../../domain/snowWords';
import { planSummary } from '../../domain/visitPlans';
import type { AgreementLine } from './useAgreement';

/** How a line is billed and planned, in a few words: "8 monthly installments", "$45.00 × 30 visits, Weekly". */
export function lineTerms(line: AgreementLine, visits: number, term: { startDate: string; endDate: string }): string {
  const plan = line.rrule ? planSummary(line.rrule) : 'No visits planned';
  switch (line.basis) {
    case 'installments':
      return `${line.installments ?? termMonths(term.startDate, term.endDate)} monthly installments · ${plan}`;
    case 'perVisit':
      return `${formatMoney(line.visitPrice ?? 0)} × ${visits} visits · ${plan}`;
    case 'timeAndMaterials':
      return `Hours and materials as done · ${plan}`;
    case 'perEvent':
      // Issue 41: billed by the storms through the signed sheet (its season prices in installments).
      return isSnowSheet(line.snowPricing) ? `By the storms: ${snowPricingWords(line.snowPricing).lines.join(' ')}` : 'By the storms';
    default:
      return `On completion · ${plan}`;
  }
}
