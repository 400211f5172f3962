import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chainText, entryHash, GENESIS_HASH, verifyChain, type ChainedEntry } from '../../server/snow/snowChain';

type StoredEntry = ChainedEntry & { id: number; hash: string };

/** What the entries report, before they are chained. */
const CONTENTS: Omit<ChainedEntry, 'sequence' | 'prevHash'>[] = [
  {
    stormID: 7,
    siteID: 3,
    season: 2026,
    arrival: new Date('2026-12-05T06:10:00.000Z'),
    departure: new Date('2026-12-05T07:25:00.000Z'),
    services: ['plow', 'salt'],
    passes: 2,
    material: { kind: 'rock salt', quantity: 1.5, unit: 'ton' },
    depth: 4,
    crew: 'Truck 2 — Ana, Bo',
    notes: 'Lot plowed; salt on the entrance.',
    corrects: null,
    reason: null,
    recordedAt: new Date('2026-12-05T07:30:12.345Z'),
    recordedBy: 5,
    recordedByName: 'Ana Ruiz',
  },
  {
    stormID: 7,
    siteID: 3,
    season: 2026,
    arrival: new Date('2026-12-05T11:00:00.000Z'),
    departure: null,
    services: ['walks'],
    passes: 1,
    material: null,
    depth: null,
    crew: 'Walk crew',
    notes: '',
    corrects: null,
    reason: null,
    recordedAt: new Date('2026-12-05T11:45:00.000Z'),
    recordedBy: null,
    recordedByName: 'Crew link',
  },
  {
    stormID: 7,
    siteID: 3,
    season: 2026,
    arrival: new Date('2026-12-05T06:10:00.000Z'),
    departure: new Date('2026-12-05T07:25:00.000Z'),
    services: ['plow', 'salt'],
    passes: 2,
    material: { kind: 'rock salt', quantity: 1.25, unit: 'ton' },
    depth: 4.5,
    crew: 'Truck 2 — Ana, Bo',
    notes: 'Corrected the salt used.',
    corrects: 1,
    reason: 'Misread the scale',
    recordedAt: new Date('2026-12-05T13:00:00.000Z'),
    recordedBy: 5,
    recordedByName: 'Ana Ruiz',
  },
  {
    stormID: 8,
    siteID: 3,
    season: 2026,
    arrival: new Date('2026-12-19T04:00:00.000Z'),
    departure: new Date('2026-12-19T05:00:00.000Z'),
    services: ['plow'],
    passes: 1,
    material: { kind: 'sand mix', quantity: 12, unit: 'bag' },
    depth: 8.25,
    crew: 'Truck 1',
    notes: 'Drifts by the dock "deep" \\ noted',
    corrects: null,
    reason: null,
    recordedAt: new Date('2026-12-19T05:05:00.000Z'),
    recordedBy: 9,
    recordedByName: 'Bo Lee',
  },
  {
    stormID: 9,
    siteID: 3,
    season: 2026,
    arrival: new Date('2027-01-04T09:00:00.000Z'),
    departure: new Date('2027-01-04T09:40:00.000Z'),
    services: ['salt', 'walks'],
    passes: 3,
    material: { kind: 'calcium', quantity: 300, unit: 'lb' },
    depth: 1,
    crew: 'Walk crew',
    notes: 'Ice only — ❄ no plowing.',
    corrects: null,
    reason: null,
    recordedAt: new Date('2027-01-04T09:41:00.000Z'),
    recordedBy: 5,
    recordedByName: 'Ana Ruiz',
  },
];

/** Chains entries as the server stores them: sequence 1..n, each linked to the hash before it. */
function chain(contents: readonly Omit<ChainedEntry, 'sequence' | 'prevHash'>[] = CONTENTS): StoredEntry[] {
  const entries: StoredEntry[] = [];
  let prevHash = GENESIS_HASH;
  for (const [index, content] of contents.entries()) {
    const entry: ChainedEntry = { ...content, sequence: index + 1, prevHash };
    const hash = entryHash(entry);
    entries.push({ ...entry, id: 100 + index, hash });
    prevHash = hash;
  }
  return entries;
}

/** A deep copy, so a change to one entry cannot leak into the chain it came from. */
const copy = (entries: readonly StoredEntry[]): StoredEntry[] =>
  entries.map((entry) => ({
    ...entry,
    arrival: new Date(entry.arrival),
    departure: entry.departure ? new Date(entry.departure) : null,
    recordedAt: new Date(entry.recordedAt),
    services: [...entry.services],
    material: entry.material ? { ...entry.material } : null,
  }));

/** Changes one character of a text (appending one to an empty text). */
const changeChar = (text: string, at = 0) =>
  text.length === 0 ? 'x' : text.slice(0, at) + (text[at] === 'x' ? 'y' : 'x') + text.slice(at + 1);

/** Every way of changing one field of a stored entry (that entry's own hash left as stored). */
const CHANGES: Record<string, (entry: StoredEntry) => void> = {
  stormID: (e) => (e.stormID += 1),
  siteID: (e) => (e.siteID += 1),
  season: (e) => (e.season -= 1),
  sequence: (e) => (e.sequence += 10),
  arrival: (e) => (e.arrival = new Date(e.arrival.getTime() + 1)),
  departure: (e) => (e.departure = e.departure ? new Date(e.departure.getTime() - 1) : new Date(e.arrival)),
  servicesOrder: (e) => (e.services = e.services.length > 1 ? [...e.services].reverse() : [...e.services, 'salt']),
  servicesName: (e) => (e.services = e.services.map((service, index) => (index === 0 ? changeChar(service) : service))),
  passes: (e) => (e.passes += 1),
  materialQuantity: (e) =>
    (e.material = e.material ? { ...e.material, quantity: e.material.quantity + 0.01 } : { kind: 'salt', quantity: 0, unit: 'lb' }),
  materialKind: (e) =>
    (e.material = e.material ? { ...e.material, kind: changeChar(e.material.kind) } : { kind: 'salt', quantity: 1, unit: 'lb' }),
  materialUnit: (e) =>
    (e.material = e.material
      ? { ...e.material, unit: e.material.unit === 'ton' ? 'bag' : 'ton' }
      : { kind: 'salt', quantity: 1, unit: 'bag' }),
  depth: (e) => (e.depth = e.depth === null ? 0 : e.depth + 0.01),
  crew: (e) => (e.crew = changeChar(e.crew, e.crew.length - 1)),
  notes: (e) => (e.notes = changeChar(e.notes, Math.floor(e.notes.length / 2))),
  corrects: (e) => (e.corrects = e.corrects === null ? 1 : null),
  reason: (e) => (e.reason = e.reason === null ? '' : changeChar(e.reason)),
  recordedAt: (e) => (e.recordedAt = new Date(e.recordedAt.getTime() + 1)),
  recordedBy: (e) => (e.recordedBy = e.recordedBy === null ? 0 : e.recordedBy + 1),
  recordedByName: (e) => (e.recordedByName = changeChar(e.recordedByName)),
  prevHash: (e) => (e.prevHash = changeChar(e.prevHash, 63)),
  hash: (e) => (e.hash = changeChar(e.hash, 10)),
};

describe('the snow log hash chain (issue 41)', () => {
  it('an untouched chain verifies, its head the last hash', () => {
    const entries = chain();
    expect(entries[0].prevHash).toBe(GENESIS_HASH);
    expect(GENESIS_HASH).toBe('0'.repeat(64));
    for (const [index, entry] of entries.entries()) {
      expect(entry.hash).toMatch(/^[0-9a-f]{64}$/);
      if (index > 0) expect(entry.prevHash).toBe(entries[index - 1].hash);
    }
    expect(new Set(entries.map((entry) => entry.hash)).size).toBe(entries.length);
    expect(verifyChain(entries)).toEqual({ valid: true, entries: 5, head: entries[4].hash, mismatch: null });
    expect(verifyChain([])).toEqual({ valid: true, entries: 0, head: null, mismatch: null });
    expect(verifyChain(entries.slice(0, 1))).toEqual({ valid: true, entries: 1, head: entries[0].hash, mismatch: null });
  });

  it('the hash is SHA-256 of the fixed serialisation', () => {
    const [first] = chain();
    expect(JSON.parse(chainText(first))).toEqual([
      'yardstick-snow-log-1',
      7,
      3,
      2026,
      1,
      '2026-12-05T06:10:00.000Z',
      '2026-12-05T07:25:00.000Z',
      ['plow', 'salt'],
      2,
      ['rock salt', 1.5, 'ton'],
      4,
      'Truck 2 — Ana, Bo',
      'Lot plowed; salt on the entrance.',
      null,
      null,
      '2026-12-05T07:30:12.345Z',
      5,
      'Ana Ruiz',
      GENESIS_HASH,
    ]);
  });

  it('detects a change to any field of any entry, naming that entry', () => {
    const entries = chain();
    for (const [field, change] of Object.entries(CHANGES)) {
      for (let index = 0; index < entries.length; index += 1) {
        const changed = copy(entries);
        change(changed[index]);
        const check = verifyChain(changed);
        expect(check.valid, `${field} of entry ${index + 1}`).toBe(false);
        expect(check.mismatch?.id, `${field} of entry ${index + 1}`).toBe(entries[index].id);
        expect(check.entries).toBe(entries.length);
        expect(check.head).toBe(changed.at(-1)?.hash);
      }
    }
  });

  it('names the problem found', () => {
    const entries = chain();
    const content = copy(entries);
    content[2].notes = 'Nothing happened.';
    expect(verifyChain(content).mismatch).toEqual({
      id: 102,
      sequence: 3,
      problem: 'Entry 3 was changed after it was recorded: its content no longer matches its hash.',
    });
    // Re-hashing the changed entry does not help: the entry after it no longer follows it.
    content[2].hash = entryHash(content[2]);
    expect(verifyChain(content).mismatch).toEqual({
      id: 103,
      sequence: 4,
      problem: 'Entry 4 does not follow the entry before it: the log was changed before this entry.',
    });
    const link = copy(entries);
    link[1].prevHash = GENESIS_HASH;
    expect(verifyChain(link).mismatch?.problem).toBe('Entry 2 does not follow the entry before it: the log was changed before this entry.');
  });

  it('any single changed byte of the serialisation changes the hash (property)', () => {
    const entries = chain();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: entries.length - 1 }), fc.constantFrom(...Object.keys(CHANGES)), (index, field) => {
        const changed = copy(entries);
        CHANGES[field](changed[index]);
        expect(verifyChain(changed).valid).toBe(false);
        if (field !== 'hash') expect(chainText(changed[index])).not.toBe(chainText(entries[index]));
      }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: entries.length - 1 }),
        fc.string({ minLength: 1, maxLength: 3 }),
        fc.nat(),
        (index, insert, at) => {
          const changed = copy(entries);
          const notes = changed[index].notes;
          const position = at % (notes.length + 1);
          changed[index].notes = notes.slice(0, position) + insert + notes.slice(position);
          const check = verifyChain(changed);
          expect(check.valid).toBe(false);
          expect(check.mismatch?.sequence).toBe(index + 1);
        },
      ),
    );
  });

  it('detects a removed entry', () => {
    const entries = chain();
    const middle = copy(entries).filter((_, index) => index !== 2);
    const check = verifyChain(middle);
    expect(check.valid).toBe(false);
    expect(check.mismatch).toEqual({
      id: 103,
      sequence: 4,
      problem: 'Entry 4 stands where entry 3 should: an entry before it was removed or the entries were reordered.',
    });
    const first = verifyChain(copy(entries).slice(1));
    expect(first.valid).toBe(false);
    expect(first.mismatch?.id).toBe(101);
    // Removing an entry and renumbering those after it: the link breaks instead.
    const renumbered = copy(entries)
      .filter((_, index) => index !== 2)
      .map((entry, index) => ({ ...entry, sequence: index + 1 }));
    expect(verifyChain(renumbered).mismatch?.id).toBe(103);
    // The first entry removed and the rest renumbered.
    const renumberedFirst = copy(entries)
      .slice(1)
      .map((entry, index) => ({ ...entry, sequence: index + 1 }));
    expect(verifyChain(renumberedFirst).mismatch?.id).toBe(101);
    // Removing the last entry leaves a valid, shorter chain whose head differs from the one printed.
    const last = verifyChain(copy(entries).slice(0, -1));
    expect(last.valid).toBe(true);
    expect(last.head).not.toBe(entries.at(-1)?.hash);
  });

  it('detects reordered entries, with or without their sequence numbers', () => {
    const entries = chain();
    for (const [a, b] of [
      [0, 1],
      [1, 3],
      [3, 4],
      [0, 4],
    ]) {
      const swapped = copy(entries);
      [swapped[a], swapped[b]] = [swapped[b], swapped[a]];
      const check = verifyChain(swapped);
      expect(check.valid).toBe(false);
      expect(check.mismatch?.id).toBe(entries[b].id);
      // The sequence numbers swapped with the rows (read in sequence order): still detected.
      const renumbered = swapped.map((entry, index) => ({ ...entry, sequence: index + 1 }));
      const renumberedCheck = verifyChain(renumbered);
      expect(renumberedCheck.valid).toBe(false);
      expect(renumberedCheck.mismatch?.id).toBe(entries[b].id);
    }
  });

  it('any reordering of the entries is detected (property)', () => {
    const entries = chain();
    fc.assert(
      fc.property(
        fc.shuffledSubarray(
          entries.map((_, index) => index),
          { minLength: entries.length, maxLength: entries.length },
        ),
        (order) => {
          const reordered = order.map((index) => copy(entries)[index]);
          const renumbered = reordered.map((entry, index) => ({ ...entry, sequence: index + 1 }));
          const identity = order.every((index, position) => index === position);
          expect(verifyChain(reordered).valid).toBe(identity);
          expect(verifyChain(renumbered).valid).toBe(identity);
        },
      ),
    );
  });

  it('the serialisation does not depend on key order, and numbers are read back as stored', () => {
    const [first] = chain();
    const reversed = Object.fromEntries(Object.entries(first).reverse()) as unknown as StoredEntry;
    reversed.material = first.material ? { unit: first.material.unit, quantity: first.material.quantity, kind: first.material.kind } : null;
    expect(Object.keys(reversed)[0]).not.toBe(Object.keys(first)[0]);
    expect(chainText(reversed)).toBe(chainText(first));
    expect(entryHash(reversed)).toBe(entryHash(first));
    // A depth of 4 and 4.00 (as a numeric column gives it back) hash alike; 4.01 does not.
    expect(chainText({ ...first, depth: 4.0 })).toBe(chainText(first));
    expect(chainText({ ...first, depth: 4.001 })).toBe(chainText(first));
    expect(chainText({ ...first, depth: 4.01 })).not.toBe(chainText(first));
    expect(chainText({ ...first, depth: 0.1 + 0.2 })).toBe(chainText({ ...first, depth: 0.3 }));
  });
});
