import { describe, expect, it } from 'vitest';
import { countsPhrase, deleteBlockedMessage, deleteConfirmation } from '../../src/domain/deleteImpact';

const part = (singular: string, count: number) => ({ name: `${singular}s`, singular, plural: `${singular}s`, count });
const QUESTION = 'Are you sure you would like to delete this customer?';

describe('delete impact wording', () => {
  it('counts in singular and plural, joined with commas and a final "and", leaving out zeros', () => {
    expect(countsPhrase([])).toBe('');
    expect(countsPhrase([part('site', 1)])).toBe('1 site');
    expect(countsPhrase([part('site', 2), part('contact', 0), part('note', 1)])).toBe('2 sites and 1 note');
    expect(countsPhrase([part('site', 2), part('contact', 3), part('assignment', 4)])).toBe('2 sites, 3 contacts and 4 assignments');
  });

  it('asks the spec question alone when nothing goes along', () => {
    expect(deleteConfirmation(QUESTION, 'customer', { deletes: [], blockedBy: [] })).toBe(QUESTION);
    expect(deleteConfirmation(QUESTION, 'customer', { deletes: [part('site', 0)], blockedBy: [] })).toBe(QUESTION);
  });

  it('adds what goes along, or what stops the delete', () => {
    expect(deleteConfirmation(QUESTION, 'customer', { deletes: [part('site', 2)], blockedBy: [] })).toBe(
      `${QUESTION} Its 2 sites will be deleted too.`,
    );
    expect(deleteConfirmation(QUESTION, 'customer', { deletes: [part('site', 2)], blockedBy: [part('estimate', 1)] })).toBe(
      `${QUESTION} This customer cannot be deleted: it still has 1 estimate.`,
    );
    expect(deleteBlockedMessage('site', [part('estimate', 2), part('invoice', 1)])).toBe(
      'This site cannot be deleted: it still has 2 estimates and 1 invoice.',
    );
  });
});
