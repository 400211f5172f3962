import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MESSAGE_TEMPLATE,
  DEFAULT_SUBJECT_TEMPLATE,
  fillTemplate,
  longDate,
  unknownPlaceholders,
} from '../../src/domain/proposalTemplates';

const values = {
  customer: 'Maple Ridge HOA',
  project: 'Spring Refresh',
  estimateNumber: '1042',
  company: 'Green Acres Landscaping',
  validUntil: 'December 24, 2026',
};

describe('proposal templates', () => {
  it('fills every placeholder, as often as it appears', () => {
    expect(fillTemplate('{customer} / {project} / {estimateNumber} / {company} / {validUntil} / {customer}', values)).toBe(
      'Maple Ridge HOA / Spring Refresh / 1042 / Green Acres Landscaping / December 24, 2026 / Maple Ridge HOA',
    );
  });

  it('leaves unknown placeholders and missing values as typed', () => {
    expect(fillTemplate('Hi {custmer}, {project}', { customer: 'X' })).toBe('Hi {custmer}, {project}');
    expect(unknownPlaceholders('Hi {custmer} {project} {foo} {foo}')).toEqual(['custmer', 'foo']);
    expect(unknownPlaceholders(DEFAULT_MESSAGE_TEMPLATE)).toEqual([]);
  });

  it('does not interpret replacement patterns in values', () => {
    expect(fillTemplate('{customer}', { customer: "$& $' $1" })).toBe("$& $' $1");
  });

  it('the defaults name the estimate and the company', () => {
    expect(fillTemplate(DEFAULT_SUBJECT_TEMPLATE, values)).toBe('Proposal 1042 from Green Acres Landscaping: Spring Refresh');
    const message = fillTemplate(DEFAULT_MESSAGE_TEMPLATE, values);
    expect(message).toContain('Dear Maple Ridge HOA,');
    expect(message).toContain('valid until December 24, 2026');
    expect(message).not.toMatch(/\{\w+\}/);
  });

  it('writes dates out in words', () => {
    expect(longDate('2026-12-24')).toBe('December 24, 2026');
    expect(longDate('2027-01-05')).toBe('January 5, 2027');
    expect(longDate('not a date')).toBe('not a date');
  });
});
