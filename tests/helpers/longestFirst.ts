import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take a minute or more (the 20 slowest tests `npm test` prints at its end):
 * started first. Without a record of earlier runs (a clean clone, CI) vitest starts the larger
 * files first, and these are small: the list battery's sharp half, 28 lines and three minutes,
 * started last and ran alone while the other worker idled.
 */
export const LONGEST_FILES = [
  'tests/api/listBatterySharp.test.ts',
  'tests/api/writeBattery.test.ts',
  'tests/api/listBattery.test.ts',
  'tests/api/crashSafety.test.ts',
  'tests/api/imports.test.ts',
  'tests/api/backupRestore.test.ts',
  'tests/api/importCrash.test.ts',
  'tests/api/lostUpdates.test.ts',
  'tests/api/proposals.test.ts',
];

const rank = (spec: TestSpecification) => {
  const index = LONGEST_FILES.findIndex((file) => spec.moduleId.endsWith(file));
  return index < 0 ? LONGEST_FILES.length : index;
};

/** Vitest's order (projects, then the longest or largest first), with the known longest files ahead of all. */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, order) => ({ spec, order, rank: rank(spec) }))
      .sort((a, b) => a.rank - b.rank || a.order - b.order)
      .map(({ spec }) => spec);
  }
}
