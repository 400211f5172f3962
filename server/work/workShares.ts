import { hostname } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { workSlots } from '../db/tables/workSlots';
import { leaseEnd } from '../db/instants';

/** Gives a slot back (once; later calls do nothing); resolves when it is free for others. */
export type GiveBack = () => Promise<void>;

/**
 * How many calls each owner (a user, a client address) may have under way: `take` answers a
 * way to give the slot back, or undefined when the owner's share is taken.
 */
export interface WorkShares {
  take(owner: string): Promise<GiveBack | undefined>;
}

/** Counted in this process: one server, the benchmarks' peer and the tests of the pool. */
export function memoryShares(perOwner: number): WorkShares {
  const underWay = new Map<string, number>();
  return {
    async take(owner) {
      const count = underWay.get(owner) ?? 0;
      if (count >= perOwner) return undefined;
      underWay.set(owner, count + 1);
      let given = false;
      return async () => {
        if (given) return;
        given = true;
        const left = (underWay.get(owner) ?? 1) - 1;
        if (left > 0) underWay.set(owner, left);
        else underWay.delete(owner);
      };
    },
  };
}

/** A slot whose server died is free again after this long (no document takes nearly as long). */
export const WORK_SLOT_LEASE_MS = 15 * 60 * 1000;

let holders = 0;

/**
 * Counted in the database (issue 36): each of an owner's `perOwner` slots is a row, taken with
 * one statement that inserts it or takes it over once its lease has run out, so servers
 * sharing one PostgreSQL allow an owner `perOwner` calls in all, not that many each.
 */
export function databaseShares(db: Db, perOwner: number, leaseMs = WORK_SLOT_LEASE_MS): WorkShares {
  const process_ = `${hostname()}:${process.pid}`;
  return {
    async take(owner) {
      const holder = `${process_}:${++holders}`.slice(0, 120);
      for (let slot = 1; slot <= perOwner; slot++) {
        const taken = await db
          .insert(workSlots)
          .values({ owner, slot, holder, expiresAt: leaseEnd(leaseMs) })
          .onConflictDoUpdate({
            target: [workSlots.owner, workSlots.slot],
            set: { holder, expiresAt: sql`excluded.work_slot_expires_at` },
            setWhere: sql`${workSlots.expiresAt} < now()`,
          })
          .returning({ slot: workSlots.slot });
        if (taken.length === 0) continue;
        let given = false;
        return async () => {
          if (given) return;
          given = true;
          await db
            .delete(workSlots)
            .where(and(eq(workSlots.owner, owner), eq(workSlots.slot, slot), eq(workSlots.holder, holder)))
            .catch(() => undefined); // the lease frees it anyway
        };
      }
      return undefined;
    },
  };
}
