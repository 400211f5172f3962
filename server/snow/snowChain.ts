import { createHash } from 'node:crypto';

/**
 * The snow log's hash chain (issue 41). Each site's entries of a season are chained: an entry's
 * hash is SHA-256 over a fixed serialisation of what it reports, when and by whom the server
 * recorded it, and the hash of the entry before it (64 zeros for the first). Changing any byte
 * of a stored entry, removing one or reordering them breaks the chain from there on; the
 * season report prints the last hash, so what came after it is anchored on paper too.
 */
export const GENESIS_HASH = '0'.repeat(64);

/** What an entry's hash covers, in the form it is stored and read back in. */
export interface ChainedEntry {
  stormID: number;
  siteID: number;
  season: number;
  sequence: number;
  arrival: Date;
  departure: Date | null;
  services: readonly string[];
  passes: number;
  material: { kind: string; quantity: number; unit: string } | null;
  depth: number | null;
  crew: string;
  notes: string;
  corrects: number | null;
  reason: string | null;
  recordedAt: Date;
  recordedBy: number | null;
  recordedByName: string;
  prevHash: string;
}

/** Numbers as the numeric columns give them back: at most 2 decimals, no trailing zeros. */
const decimal = (value: number | null) => (value === null ? null : Number(value.toFixed(2)));

/** The serialisation hashed: a JSON array in a fixed order, so no key order or spacing can change it. */
export function chainText(entry: ChainedEntry): string {
  return JSON.stringify([
    'yardstick-snow-log-1',
    entry.stormID,
    entry.siteID,
    entry.season,
    entry.sequence,
    entry.arrival.toISOString(),
    entry.departure?.toISOString() ?? null,
    [...entry.services],
    entry.passes,
    entry.material ? [entry.material.kind, decimal(entry.material.quantity), entry.material.unit] : null,
    decimal(entry.depth),
    entry.crew,
    entry.notes,
    entry.corrects,
    entry.reason,
    entry.recordedAt.toISOString(),
    entry.recordedBy,
    entry.recordedByName,
    entry.prevHash,
  ]);
}

export const entryHash = (entry: ChainedEntry) => createHash('sha256').update(chainText(entry)).digest('hex');

export interface ChainCheck {
  valid: boolean;
  entries: number;
  /** The last entry's hash as stored (null for an empty log). */
  head: string | null;
  /** The first entry that does not hold. */
  mismatch: { id: number; sequence: number; problem: string } | null;
}

/**
 * Re-computes a chain read in its order (by sequence) and names the first entry that does not
 * hold: its place in the chain, its link to the entry before it, or its own hash.
 */
export function verifyChain(entries: readonly (ChainedEntry & { id: number; hash: string })[]): ChainCheck {
  let previous = GENESIS_HASH;
  for (const [index, entry] of entries.entries()) {
    const fail = (problem: string): ChainCheck => ({
      valid: false,
      entries: entries.length,
      head: entries.at(-1)?.hash ?? null,
      mismatch: { id: entry.id, sequence: entry.sequence, problem },
    });
    if (entry.sequence !== index + 1) {
      return fail(
        `Entry ${entry.sequence} stands where entry ${index + 1} should: an entry before it was removed or the entries were reordered.`,
      );
    }
    if (entry.prevHash !== previous) {
      return fail(`Entry ${entry.sequence} does not follow the entry before it: the log was changed before this entry.`);
    }
    if (entryHash(entry) !== entry.hash)
      return fail(`Entry ${entry.sequence} was changed after it was recorded: its content no longer matches its hash.`);
    previous = entry.hash;
  }
  return { valid: true, entries: entries.length, head: entries.at(-1)?.hash ?? null, mismatch: null };
}
