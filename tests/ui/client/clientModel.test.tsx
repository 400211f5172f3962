/** The client's page's decisions without the DOM (client/model.ts, client/format.ts, client/api.ts). */
import { describe, expect, it } from 'vitest';
import { tokenFromPath } from '../../../client/api';
import { addressLines, formatDate } from '../../../client/format';
import { acceptHint, acceptProblems, areasAreSelectable, canAnswer, pricingOf, statusNotice } from '../../../client/model';
import { acceptedPricing } from '../../../src/domain/proposals';
import { AREAS, proposalFixture } from './fixtures';

describe("the client's page model", () => {
  it('offers checkboxes only for Work Area Prices Only sent asking for approval', () => {
    expect(areasAreSelectable(proposalFixture())).toBe(true);
    expect(areasAreSelectable(proposalFixture({ approval: false }))).toBe(false);
    expect(areasAreSelectable(proposalFixture({ printType: 'TOTAL_PRICE_ONLY' }))).toBe(false);
    expect(areasAreSelectable(proposalFixture({ printType: 'WORK_AREA_ONLY' }))).toBe(false);
  });

  it('prices a choice with acceptedPricing, else shows the totals as sent, or none', () => {
    const sent = proposalFixture();
    expect(pricingOf(sent, [12])).toEqual(acceptedPricing(AREAS, [12], 10));
    expect(pricingOf(sent, [])).toMatchObject({ subtotal: 0, taxes: 0, total: 0 });
    expect(pricingOf(proposalFixture({ printType: 'TOTAL_PRICE_ONLY' }), [])).toEqual(sent.pricing);
    expect(pricingOf(proposalFixture({ printType: 'WORK_AREA_ONLY' }), [11])).toBeNull();
  });

  it('can be answered only while sent or viewed and not superseded', () => {
    expect(canAnswer(proposalFixture({ status: 'sent' }))).toBe(true);
    expect(canAnswer(proposalFixture({ status: 'viewed' }))).toBe(true);
    for (const status of ['accepted', 'declined', 'changesRequested', 'expired', 'withdrawn'] as const) {
      expect(canAnswer(proposalFixture({ status })), status).toBe(false);
      expect(statusNotice(proposalFixture({ status })), status).not.toBeNull();
    }
    expect(canAnswer(proposalFixture({ status: 'sent', superseded: true }))).toBe(false);
    expect(statusNotice(proposalFixture({ status: 'withdrawn', superseded: true }))?.heading).toBe('A newer proposal was sent');
    expect(statusNotice(proposalFixture())).toBeNull();
  });

  it('says what is missing in the order of the form, in one sentence', () => {
    const missing = acceptProblems({
      selectable: true,
      chosenCount: 0,
      signerName: ' ',
      signature: { given: false, message: 'Sign.' },
      termsAccepted: false,
    });
    expect(missing.map((problem) => problem.field)).toEqual(['areas', 'signerName', 'signature', 'terms']);
    expect(acceptHint(missing)).toBe(
      'To accept, tick at least one work area, enter your name, sign (or type your name) and tick “I accept the terms and conditions”.',
    );
    expect(acceptHint(missing.slice(3))).toBe('To accept, tick “I accept the terms and conditions”.');
    expect(acceptHint([])).toBe('Ready: press Accept proposal to sign.');
    expect(
      acceptProblems({
        selectable: false,
        chosenCount: 0,
        signerName: 'Pat',
        signature: { given: true, message: '' },
        termsAccepted: true,
      }),
    ).toEqual([]);
  });

  it('writes a calendar day as that day in any time zone, and an instant on the office calendar', () => {
    expect(formatDate('2026-12-20')).toBe('December 20, 2026');
    expect(formatDate('2026-01-01')).toBe('January 1, 2026');
    // 02:30 UTC on the 21st is still the 20th in New Jersey.
    expect(formatDate('2026-11-21T02:30:00.000Z')).toBe('November 20, 2026');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(null)).toBe('');
  });

  it('writes the address lines that are known', () => {
    expect(addressLines({ address1: '1 Main St', address2: ' ', city: 'Trenton', state: 'NJ', zip: null })).toEqual([
      '1 Main St',
      'Trenton, NJ',
    ]);
    expect(addressLines({ address1: null, address2: null, city: null, state: null, zip: null })).toEqual([]);
  });

  it('takes the token from the last segment of the path', () => {
    expect(tokenFromPath('/p/abcDEF_123-x')).toBe('abcDEF_123-x');
    expect(tokenFromPath('/p/abc/')).toBe('abc');
    expect(tokenFromPath('/p/%E0%A4%A')).toBe('');
    expect(tokenFromPath('/')).toBe('');
  });
});
