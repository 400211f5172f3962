import { describe, expect, it } from 'vitest';
import { jobKindLabel, jobProgressText, jobRetryDelayMs, jobTimeLeft, JOB_KINDS } from '../../src/domain/jobs';

describe('jobs (src/domain/jobs.ts)', () => {
  it('waits 2, 4, 8 … seconds between tries, at most ten minutes', () => {
    expect([1, 2, 3, 4].map(jobRetryDelayMs)).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(jobRetryDelayMs(0)).toBe(2_000);
    expect(jobRetryDelayMs(9)).toBe(512_000);
    expect(jobRetryDelayMs(10)).toBe(600_000);
    expect(jobRetryDelayMs(1_000)).toBe(600_000);
  });

  it('says how far a job has got in the office’s numbers', () => {
    expect(jobProgressText({ done: 1200, total: 30000, phase: 'Writing customers' })).toBe('1,200 of 30,000 · Writing customers');
    expect(jobProgressText({ done: null, total: null, phase: 'Reading the file' })).toBe('Reading the file');
    expect(jobProgressText({ done: 5, total: null, phase: null })).toBe('');
  });

  it('tells the time left at the pace seen since the mark, once there is one', () => {
    const mark = { at: 10_000, done: 1_000 };
    // 2,000 done in 4 s: 500 a second, 7,000 to go.
    expect(jobTimeLeft({ done: 3_000, total: 10_000, phase: null }, mark, 14_000)).toBe('about 14 s left');
    // 1,000 in 10 s: 100 a second, 20,000 to go = 200 s.
    expect(jobTimeLeft({ done: 2_000, total: 22_000, phase: null }, mark, 20_000)).toBe('about 3 min left');
    expect(jobTimeLeft({ done: 9_999, total: 10_000, phase: null }, { at: 0, done: 0 }, 100_000)).toBe('about 1 s left');
    // No pace yet, no total, or finished: nothing said.
    expect(jobTimeLeft({ done: 1_000, total: 10_000, phase: null }, mark, 14_000)).toBeNull();
    expect(jobTimeLeft({ done: 3_000, total: 10_000, phase: null }, mark, 10_000)).toBeNull();
    expect(jobTimeLeft({ done: 3_000, total: null, phase: null }, mark, 14_000)).toBeNull();
    expect(jobTimeLeft({ done: 10_000, total: 10_000, phase: null }, mark, 14_000)).toBeNull();
  });

  it('names each kind in the office’s words, and an unknown one by its name', () => {
    expect(jobKindLabel(JOB_KINDS.importCommit)).toBe('Import');
    expect(jobKindLabel(JOB_KINDS.importUndo)).toBe('Undo of an import');
    expect(jobKindLabel(JOB_KINDS.signedProposalPdf)).toBe('Signed proposal PDF');
    expect(jobKindLabel('test:other')).toBe('test:other');
  });
});
