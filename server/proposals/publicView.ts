import { and, eq, inArray, sql } from 'drizzle-orm';
import { estimatePricing } from '../../src/domain/pricing';
import { showsAreaPrices, showsPrices, type ProposalType } from '../../src/domain/printing';
import { isOpenProposal, type PublicPhoto, type PublicProposal } from '../../src/domain/proposals';
import type { PrintedPhoto } from '../documents/documentData';
import { readCompanyProfile } from '../company/companyProfileStore';
import { proposals } from '../db/tables/proposals';
import { notFound } from '../errors';
import type { ProposalContext } from './context';
import { lostReasons, officeToday } from '../db/officeSettings';
import { clientLostReasons } from '../../src/domain/lostReasons';
import { shownStatus } from './officeProposals';
import type { ProposalSnapshot } from './snapshot';
import { hashToken, looksLikeToken } from './tokens';

/** What the client's link opens (issue 22): the proposal a token names, as the client's page shows it. */

export type ProposalRow = typeof proposals.$inferSelect;

/** Who to contact about a proposal link that leads nowhere: the company, by name, phone and email. */
async function contactLine(ctx: ProposalContext): Promise<string> {
  const profile = await readCompanyProfile(ctx.db);
  const name = typeof profile.name === 'string' && profile.name.trim() ? profile.name.trim() : 'the company that sent it';
  const ways = [profile.phone, profile.email].filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  return `Please contact ${name}${ways.length ? ` (${ways.join(', ')})` : ''}.`;
}

/** The proposal a token opens; 404 naming the company to contact when none. */
export async function proposalOfToken(ctx: ProposalContext, token: string): Promise<ProposalRow> {
  if (looksLikeToken(token)) {
    const [row] = await ctx.db
      .select()
      .from(proposals)
      .where(eq(proposals.tokenHash, hashToken(token)));
    if (row) return row;
  }
  throw notFound(`This proposal link is not valid. ${await contactLine(ctx)}`);
}

const publicPhoto =
  (token: string) =>
  ({ id, caption, width, height }: PrintedPhoto): PublicPhoto => ({
    id,
    caption,
    width,
    height,
    thumbUrl: `/api/public/proposals/${token}/photos/${id}/thumb`,
    largeUrl: `/api/public/proposals/${token}/photos/${id}/large`,
  });

/** The photo ids a sent proposal printed: the only ones its link shows. */
export function snapshotPhotoIDs(snapshot: ProposalSnapshot): Set<number> {
  const { data } = snapshot;
  return new Set([...(data.photos ?? []), ...data.areas.flatMap((area) => area.photos ?? [])].map((photo) => photo.id));
}

/** The frozen proposal as the client's page shows it (src/domain/proposals.ts PublicProposal). */
export function publicView(row: ProposalRow, token: string, todayDate: string, offeredReasons: string[]): PublicProposal {
  const snapshot = row.snapshot as ProposalSnapshot;
  const { data } = snapshot;
  const type = row.printType as ProposalType;
  const status = shownStatus(row, todayDate);
  const response: PublicProposal['response'] =
    row.status === 'accepted' || row.status === 'declined' || row.status === 'changesRequested'
      ? {
          kind: row.status,
          at: (row.respondedAt ?? row.updatedAt).toISOString(),
          signerName: row.signerName,
          acceptedWorkAreaIDs: row.acceptedWorkAreaIDs,
          message: row.responseMessage,
        }
      : null;
  return {
    status,
    superseded: row.withdrawnReason === 'superseded',
    printType: type,
    approval: row.approval,
    sentAt: row.sentAt.toISOString(),
    validUntil: row.validUntil,
    company: data.company,
    customer: data.customer,
    site: data.site,
    salesperson: data.salesperson
      ? { name: data.salesperson.name, phone: data.salesperson.phone ?? null, email: data.salesperson.email ?? null }
      : null,
    estimate: {
      number: data.estimate.number,
      revision: data.estimate.revision ?? 1,
      projectName: data.estimate.projectName,
      createdAt: data.estimate.createdAt,
      ...(data.estimate.printed?.length ? { printed: data.estimate.printed } : {}),
    },
    areas: data.areas.map((area) => ({
      id: area.id ?? 0,
      name: area.name,
      tax: area.tax,
      notes: area.notes,
      subtotal: showsAreaPrices(type) ? area.subtotal : null,
      snowPricing: showsPrices(type) ? (area.snowPricing ?? null) : null,
      ...(area.photos?.length ? { photos: area.photos.map(publicPhoto(token)) } : {}),
    })),
    pricing: showsPrices(type)
      ? estimatePricing(
          data.areas.map((area) => ({ subtotal: area.subtotal, tax: area.tax, isIncluded: true })),
          data.estimate.discount,
        )
      : null,
    terms: data.terms,
    ...(data.photos?.length ? { photos: data.photos.map(publicPhoto(token)) } : {}),
    pdfUrl: row.pdfSha256 ? `/api/public/proposals/${token}/pdf` : null,
    response,
    lostReasons: offeredReasons,
  };
}

/** GET /api/public/proposals/:token: the proposal, counting the client's view while it is open (not a HEAD). */
export async function viewProposal(ctx: ProposalContext, token: string, counts = true): Promise<PublicProposal> {
  const row = await proposalOfToken(ctx, token);
  const todayDate = await officeToday(ctx.db, ctx.now());
  const offered = clientLostReasons((await lostReasons(ctx.db)).reasons);
  if (counts && isOpenProposal(shownStatus(row, todayDate))) {
    const [counted] = await ctx.db
      .update(proposals)
      .set({
        viewCount: sql`${proposals.viewCount} + 1`,
        viewedAt: sql`coalesce(${proposals.viewedAt}, now())`,
        status: sql`case when ${proposals.status} = 'sent' then 'viewed' else ${proposals.status} end`,
      })
      .where(and(eq(proposals.id, row.id), inArray(proposals.status, ['sent', 'viewed'])))
      .returning();
    if (counted) return publicView(counted, token, todayDate, offered);
  }
  return publicView(row, token, todayDate, offered);
}
