/**
 * Billing lines of a month, handed to accounting (QuickBooks): what the agreements earned, line
 * by line. Nothing here is an invoice. Money is exact (src/domain/decimal.ts): amount =
 * round2(quantity × rate), tax = round2(amount × the tax code's rate, SPEC §9 "Tax rates").
 */
import { type AgreementStatus, type BillingBasis, termMonths, type VisitStatus } from './agreements';
import { exactOrZero, mul, roundExact, toNumber } from './decimal';
import { installmentSchedule } from './installments';
import { seasonalPrice } from './snowCharges';
import { type SnowPricing } from './snowPricing';
import { taxRate } from './taxes';

export interface BillingAgreement {
  id: number;
  customerID: number;
  customerName: string;
  number: number;
  startDate: string;
  endDate: string;
  status: AgreementStatus;
  cancelledOn: string | null;
}

export interface BillingAgreementLine {
  id: number;
  agreementID: number;
  name: string;
  amount: number;
  taxCode: string;
  basis: BillingBasis;
  /** How many installments (the term's months when null). */
  installments: number | null;
  visitPrice: number | null;
  /** A `perEvent` line's snow price sheet (issue 41): its season prices are billed in installments. */
  snowPricing?: SnowPricing | null;
}

export interface BillingVisit {
  id: number;
  lineID: number;
  date: string;
  status: VisitStatus;
  actualHours: number | null;
  materials: number | null;
}

export type BillingSource = 'installment' | 'visit' | 'timeAndMaterials' | 'event';

/** What a storm's close-out made of a snow line (server/snow/closeOut.ts), billed on the storm's day. */
export interface BillingEventCharge {
  /** `event-<storm>-<line>-<sheet line>-<part>`. */
  key: string;
  lineID: number;
  date: string;
  description: string;
  quantity: number;
  rate: number;
}

export interface BillingLine {
  /** Stable across runs: `installment-<lineID>-<n>`, `visit-<visitID>`, `once-<lineID>`, `labor-<visitID>`, `materials-<visitID>`, `event-…`. */
  id: string;
  customerID: number;
  agreementID: number;
  lineID: number;
  date: string;
  description: string;
  quantity: number;
  rate: number;
  amount: number;
  tax: number;
  source: BillingSource;
}

export interface BillingSettings {
  /** What an hour of time-and-materials work is billed at. */
  laborRate: number;
}

const shortDate = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });

/** 'Apr 8, 2026' for '2026-04-08'. */
export function billingDateLabel(date: string): string {
  return shortDate.format(new Date(`${date}T00:00:00Z`));
}

type Draft = Omit<BillingLine, 'amount' | 'tax' | 'customerID' | 'agreementID' | 'lineID'>;

/** A billing line's amount and tax: round2(quantity × rate), round2(amount × the tax code's rate). */
export function lineAmounts(quantity: number, rate: number, taxCode: string): { amount: number; tax: number } {
  const amount = roundExact(mul(exactOrZero(quantity), exactOrZero(rate)), 2);
  const tax = roundExact(mul(amount, exactOrZero(taxRate(taxCode))), 2);
  return { amount: toNumber(amount), tax: toNumber(tax) };
}

function priced(draft: Draft, agreement: BillingAgreement, line: BillingAgreementLine): BillingLine {
  return {
    ...draft,
    customerID: agreement.customerID,
    agreementID: agreement.id,
    lineID: line.id,
    ...lineAmounts(draft.quantity, draft.rate, line.taxCode),
  };
}

const inMonth = (date: string, month: string) => date.slice(0, 7) === month;

function installmentDrafts(month: string, agreement: BillingAgreement, line: BillingAgreementLine, amount = line.amount): Draft[] {
  const count = line.installments ?? termMonths(agreement.startDate, agreement.endDate);
  const schedule = installmentSchedule(amount, agreement.startDate, agreement.endDate, count);
  const lastDate = agreement.status === 'cancelled' ? agreement.cancelledOn : null;
  return schedule.flatMap((installment, index) =>
    inMonth(installment.dueDate, month) && (lastDate === null || installment.dueDate <= lastDate)
      ? [
          {
            id: `installment-${line.id}-${index + 1}`,
            date: installment.dueDate,
            description: `${line.name} — installment ${index + 1} of ${count}`,
            quantity: 1,
            rate: installment.amount,
            source: 'installment' as const,
          },
        ]
      : [],
  );
}

function onceDrafts(month: string, line: BillingAgreementLine, visits: readonly BillingVisit[]): Draft[] {
  const counted = visits.filter((visit) => visit.status !== 'skipped');
  if (counted.length === 0 || counted.some((visit) => visit.status !== 'done')) return [];
  const lastDone = counted.reduce((last, visit) => (visit.date > last ? visit.date : last), counted[0].date);
  if (!inMonth(lastDone, month)) return [];
  return [
    {
      id: `once-${line.id}`,
      date: lastDone,
      description: `${line.name} — completed ${billingDateLabel(lastDone)}`,
      quantity: 1,
      rate: line.amount,
      source: 'visit',
    },
  ];
}

function visitDrafts(line: BillingAgreementLine, done: readonly BillingVisit[]): Draft[] {
  return done.map((visit) => ({
    id: `visit-${visit.id}`,
    date: visit.date,
    description: `${line.name} — visit ${billingDateLabel(visit.date)}`,
    quantity: 1,
    rate: line.visitPrice ?? 0,
    source: 'visit',
  }));
}

function timeAndMaterialsDrafts(line: BillingAgreementLine, done: readonly BillingVisit[], settings: BillingSettings): Draft[] {
  return done.flatMap((visit) => {
    const label = billingDateLabel(visit.date);
    const labor: Draft = {
      id: `labor-${visit.id}`,
      date: visit.date,
      description: `${line.name} — labor, visit ${label}`,
      quantity: visit.actualHours ?? 0,
      rate: settings.laborRate,
      source: 'timeAndMaterials',
    };
    const materials = visit.materials ?? 0;
    if (!(materials > 0)) return [labor];
    return [
      labor,
      {
        id: `materials-${visit.id}`,
        date: visit.date,
        description: `${line.name} — materials, visit ${label}`,
        quantity: 1,
        rate: materials,
        source: 'timeAndMaterials',
      },
    ];
  });
}

function lineDrafts(
  month: string,
  agreement: BillingAgreement,
  line: BillingAgreementLine,
  visits: readonly BillingVisit[],
  settings: BillingSettings,
): Draft[] {
  const doneInMonth = visits.filter((visit) => visit.status === 'done' && inMonth(visit.date, month));
  switch (line.basis) {
    case 'installments':
      return installmentDrafts(month, agreement, line);
    case 'once':
      return onceDrafts(month, line, visits);
    case 'perVisit':
      return visitDrafts(line, doneInMonth);
    case 'timeAndMaterials':
      return timeAndMaterialsDrafts(line, doneInMonth, settings);
    case 'perEvent': {
      // The season prices in installments; the storms come as close-out charges.
      const seasonal = line.snowPricing ? seasonalPrice(line.snowPricing) : 0;
      return seasonal > 0 ? installmentDrafts(month, agreement, line, seasonal) : [];
    }
  }
}

function compareLines(a: BillingLine, b: BillingLine): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  if (a.customerID !== b.customerID) return a.customerID - b.customerID;
  if (a.agreementID !== b.agreementID) return a.agreementID - b.agreementID;
  if (a.lineID !== b.lineID) return a.lineID - b.lineID;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The billing lines of a month ('YYYY-MM'):
 * - installments: each installment due in the month (none due after a cancelled agreement's cancelledOn);
 * - perVisit: each visit done in the month at the line's visit price;
 * - once: the line's amount, dated its last done visit, once every visit not skipped is done;
 * - timeAndMaterials: per visit done, its hours at the labour rate and its materials (when any);
 * - perEvent: its snow sheet's season prices in installments, and each storm charge dated in the month.
 * Sorted by date, customer, agreement, line and id. Throws RangeError for a line whose
 * installments do not fit its term (installmentsError refuses them on the way in).
 */
export function billingLines(
  month: string,
  agreements: readonly BillingAgreement[],
  lines: readonly BillingAgreementLine[],
  visits: readonly BillingVisit[],
  settings: BillingSettings,
  charges: readonly BillingEventCharge[] = [],
): BillingLine[] {
  const agreementsByID = new Map(agreements.map((agreement) => [agreement.id, agreement]));
  const visitsByLine = new Map<number, BillingVisit[]>();
  for (const visit of visits) {
    const list = visitsByLine.get(visit.lineID);
    if (list) list.push(visit);
    else visitsByLine.set(visit.lineID, [visit]);
  }
  const result: BillingLine[] = [];
  for (const line of lines) {
    const agreement = agreementsByID.get(line.agreementID);
    if (!agreement) continue;
    for (const draft of lineDrafts(month, agreement, line, visitsByLine.get(line.id) ?? [], settings)) {
      result.push(priced(draft, agreement, line));
    }
  }
  const linesByID = new Map(lines.map((line) => [line.id, line]));
  for (const charge of charges) {
    const line = linesByID.get(charge.lineID);
    const agreement = line && agreementsByID.get(line.agreementID);
    if (!line || !agreement || !inMonth(charge.date, month)) continue;
    const { key, date, description, quantity, rate } = charge;
    result.push(priced({ id: key, date, description, quantity, rate, source: 'event' }, agreement, line));
  }
  return result.sort(compareLines);
}
