/**
 * Sent proposals (issue 22, "Send and sign"): their statuses, what the client's page receives,
 * and the arithmetic of what a client accepts. Shared by the server, the office SPA and the
 * client's page (client/), which must all agree on it.
 */
import { estimatePricing, type Pricing } from './pricing';
import type { ProposalType } from './printing';
import type { SnowPricing } from './snowPricing';

export const PROPOSAL_STATUSES = ['sent', 'viewed', 'accepted', 'declined', 'changesRequested', 'expired', 'withdrawn'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** A proposal the client can still answer. */
export function isOpenProposal(status: ProposalStatus): boolean {
  return status === 'sent' || status === 'viewed';
}

/** Days a proposal stays valid unless the sender says otherwise. */
export const DEFAULT_VALID_DAYS = 30;
/** How far ahead a proposal can be valid. */
export const MAX_VALID_DAYS = 366;
/** The most addresses (to and cc together) one proposal goes to. */
export const MAX_RECIPIENTS = 20;

/** The largest signature image accepted (a PNG data URL), in bytes of the data URL. */
export const MAX_SIGNATURE_BYTES = 200 * 1024;

/**
 * The largest canvas a drawn signature may declare, in pixels (issue 36): the server refuses a
 * larger one from its PNG header before inflating anything, so that decoding a signature is a
 * bounded, small amount of work (a blank 1999 × 1999 PNG is only 15 KB). The pad is 180 CSS px
 * high and as wide as the page: a 430 px phone at 3× gives 1290 × 540 and fits as it is; a wider
 * or denser pad (a desktop dialog of 900 px at 2× is 1800 × 360) is scaled down by the client's
 * page to fit, keeping its aspect. Still twice the 800 px the signature is printed at.
 */
export const MAX_SIGNATURE_WIDTH = 1600;
export const MAX_SIGNATURE_HEIGHT = 600;

/** The size a drawn signature of `width` × `height` pixels is sent at: scaled down to fit the bounds, never up. */
export function signatureExportSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, MAX_SIGNATURE_WIDTH / width, MAX_SIGNATURE_HEIGHT / height);
  return {
    width: Math.max(1, Math.min(MAX_SIGNATURE_WIDTH, Math.floor(width * scale))),
    height: Math.max(1, Math.min(MAX_SIGNATURE_HEIGHT, Math.floor(height * scale))),
  };
}

/** Bidirectional controls: they can make a name print as something else than it is. */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/** A letter of any script; format characters (a zero-width space alone) are not letters. */
const LETTER = /\p{L}/u;

/**
 * What is wrong with a signer's name as it will print on the signed proposal (issue 35): a
 * name must hold at least one letter, and no bidi control that could reorder what it shows.
 */
export function signerNameProblem(name: string, label: string): string | null {
  if (BIDI_CONTROLS.test(name)) return `${label} contains characters that are not allowed.`;
  if (!LETTER.test(name)) return `${label} must contain at least one letter.`;
  return null;
}

export interface PublicAddress {
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

/** A custom field printed on proposals (issue 38): its label and its value as text. */
export interface PrintedFact {
  label: string;
  text: string;
}

/** How a printed fact reads on the PDF and the client's page: 'PO Number: 4471'. */
export const printedFactLine = ({ label, text }: PrintedFact) => `${label}: ${text}`;

export interface PublicParty extends PublicAddress {
  name: string;
  /** The customer's or site's custom fields marked to print (absent in proposals sent before them). */
  printed?: PrintedFact[];
}

export interface PublicLetterhead extends PublicParty {
  phone: string | null;
  email: string | null;
  website: string | null;
  /** Data URL (PNG or JPEG) or null. */
  logo: string | null;
}

export interface PublicArea {
  /** The work area's id: the only internal id the client sees, to tick it. */
  id: number;
  name: string;
  tax: string;
  /** Sanitised rich text. */
  notes: string | null;
  /** Σ its items' prices; null when the print type does not show area prices. */
  subtotal: number | null;
  /** Issue 41: a snow area's price sheet, shown in words; null for a plain area or when the print type shows no prices. */
  snowPricing?: SnowPricing | null;
  /** Issue 42: its photos printed on the proposal (images at `/api/public/proposals/:token/photos/:id/{thumb|large}`). */
  photos?: PublicPhoto[];
}

/** A photo printed on a proposal, as its client's page shows it. */
export interface PublicPhoto {
  id: number;
  caption: string;
  /** Its large version's size. */
  width: number;
  height: number;
  thumbUrl: string;
  largeUrl: string;
}

/** GET /api/public/proposals/:token: the proposal exactly as it was sent. */
export interface PublicProposal {
  status: ProposalStatus;
  /** Withdrawn because a newer proposal of the same estimate was sent. */
  superseded: boolean;
  printType: ProposalType;
  approval: boolean;
  sentAt: string;
  /** YYYY-MM-DD, the last day it can be accepted. */
  validUntil: string;
  company: PublicLetterhead;
  customer: PublicParty;
  site: PublicParty;
  salesperson: { name: string; phone: string | null; email: string | null } | null;
  /** `revision`: the estimate revision sent (issue 23), shown with the number by estimateLabel. */
  estimate: { number: number; revision: number; projectName: string; createdAt: string; printed?: PrintedFact[] };
  areas: PublicArea[];
  /** The totals of every area sent; null when the print type shows no prices. */
  pricing: Pricing | null;
  terms: { name: string; content: string | null }[];
  /** Issue 42: the estimate's own photos printed on the proposal. */
  photos?: PublicPhoto[];
  /** Relative URL of the PDF as sent; null while it is being made after the send. */
  pdfUrl: string | null;
  /** The client's answer, once given. */
  response: {
    kind: 'accepted' | 'declined' | 'changesRequested';
    at: string;
    signerName: string | null;
    acceptedWorkAreaIDs: number[] | null;
    message: string | null;
  } | null;
  /** The reasons the client's decline offers (issue 39: the office's lost reasons not kept for the office). */
  lostReasons: string[];
}

/** What the client accepts: the chosen areas' totals with the estimate's discount (SPEC §9). */
export function acceptedPricing(
  areas: readonly { id: number; subtotal: unknown; tax: unknown }[],
  acceptedIDs: readonly number[],
  discount: unknown,
): Pricing {
  const chosen = new Set(acceptedIDs);
  return estimatePricing(
    areas.map((area) => ({ subtotal: area.subtotal, tax: area.tax, isIncluded: chosen.has(area.id) })),
    discount,
  );
}

const STATUS_LABELS: Record<ProposalStatus, string> = {
  sent: 'Sent',
  viewed: 'Opened',
  accepted: 'Accepted',
  declined: 'Declined',
  changesRequested: 'Changes requested',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
};

export function proposalStatusLabel(status: ProposalStatus): string {
  return STATUS_LABELS[status] ?? status;
}

/** Where a proposal's PDF as sent is: made by a job once the send has committed (issue 36). */
export const PDF_STATUSES = ['pending', 'ready', 'failed'] as const;
export type PdfStatus = (typeof PDF_STATUSES)[number];
export const PDF_PENDING = 'The PDF is being prepared. Try again in a moment.';
export const PDF_PREPARING = 'Preparing the PDF…';
/** The client's page, opened before the PDF as sent is made. */
export const CLIENT_PDF_PREPARING = 'The PDF of this proposal is being prepared: reload this page in a moment to download it.';
/** The send answered before its PDF was made (a long proposal): the mail follows it. */
export const SENT_PDF_FOLLOWS =
  'The proposal is saved and its PDF is still being prepared: the email goes out with it, and this link, as soon as it is ready.';
export const PDF_NOT_MADE =
  'The PDF could not be made, so the proposal was not emailed. Withdraw it and send again, or an administrator can try again under Settings › Jobs.';

/** Where a proposal's signed PDF is: made by a job after the client signs (issue 36). */
export const SIGNED_PDF_STATUSES = ['none', 'pending', 'ready', 'failed'] as const;
export type SignedPdfStatus = (typeof SIGNED_PDF_STATUSES)[number];
export const SIGNED_PDF_PENDING = 'The signed PDF is being prepared. Try again in a moment.';
export const SIGNED_PDF_PREPARING = 'Preparing the signed PDF…';
export const SIGNED_PDF_NOT_MADE = 'The signed PDF could not be made. An administrator can try again under Settings › Jobs.';
