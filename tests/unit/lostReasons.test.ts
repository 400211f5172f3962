import { describe, expect, it } from 'vitest';
import {
  clientLostReasons,
  DEFAULT_LOST_REASONS,
  findLostReason,
  lostReasonMessages,
  lostReasonProblem,
  missingLostReason,
  repeatedLostReason,
} from '../../src/domain/lostReasons';

const LOST = 3;
const reasons = [...DEFAULT_LOST_REASONS, { name: 'Bad fit for us', officeOnly: true }];

/** Issue 39: when an estimate's write needs a lost reason, and which. */
describe('lost reasons', () => {
  it('asks for a listed reason when an estimate becomes lost, any case of its name', () => {
    expect(lostReasonProblem({ status: LOST, lostReason: null }, { status: 1, lostReason: null }, reasons)).toBe(
      lostReasonMessages.required,
    );
    expect(lostReasonProblem({ status: LOST, lostReason: '  ' }, { status: 1 }, reasons)).toBe(lostReasonMessages.required);
    expect(lostReasonProblem({ status: LOST, lostReason: 'Weather' }, { status: 1 }, reasons)).toBe(lostReasonMessages.notListed);
    expect(lostReasonProblem({ status: LOST, lostReason: 'price' }, { status: 1 }, reasons)).toBeNull();
    expect(lostReasonProblem({ status: LOST, lostReason: 'Bad fit for us' }, undefined, reasons)).toBeNull();
  });

  it('leaves estimates that are not lost alone, and a lost one stored without a reason as it was', () => {
    expect(lostReasonProblem({ status: 2, lostReason: null }, { status: LOST, lostReason: 'Price' }, reasons)).toBeNull();
    expect(lostReasonProblem({ status: LOST, lostReason: null }, { status: LOST, lostReason: null }, reasons)).toBeNull();
    // A reason it was given stays even when the list no longer has it; clearing it does not.
    expect(lostReasonProblem({ status: LOST, lostReason: 'Weather' }, { status: LOST, lostReason: 'Weather' }, reasons)).toBeNull();
    expect(lostReasonProblem({ status: LOST, lostReason: null }, { status: LOST, lostReason: 'Weather' }, reasons)).toBe(
      lostReasonMessages.required,
    );
  });

  it("the form's check, the names repeated, found and offered to the client", () => {
    expect(missingLostReason({ status: LOST })).toBe(lostReasonMessages.required);
    expect(missingLostReason({ status: LOST, lostReason: 'Other' })).toBeNull();
    expect(missingLostReason({ status: 0 })).toBeNull();
    expect(repeatedLostReason(['Price', 'Timing', ' PRICE'])).toBe(' PRICE');
    expect(repeatedLostReason(['Price', 'Timing'])).toBeUndefined();
    expect(findLostReason(reasons, 'no RESPONSE')?.name).toBe('No response');
    expect(clientLostReasons(reasons)).toEqual(DEFAULT_LOST_REASONS.map((reason) => reason.name));
  });
});
