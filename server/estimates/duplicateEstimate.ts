import { inArray } from 'drizzle-orm';
import { estimates } from '../../src/schema';
import type { ResolvedField } from '../../src/schema/defineEntity';
import type { DuplicateRequest } from '../../src/schema/actions/estimateCopies';
import type { Db } from '../db/connection';
import { users } from '../db/schema';
import { formInvalid, notFound, notFoundMessage } from '../errors';
import type { WriteContext } from '../crud/hookTypes';
import { copyName } from './cloneWorkArea';
import { copyEstimates, lockSourceEstimates, sourceAreas } from './copyEstimates';

/** The estimate's fields a duplicate may set (their messages name them). */
const fields = {
  projectName: estimates.field('projectName')!,
  salesperson: estimates.field('salesperson')!,
  estimator: estimates.field('estimator')!,
} satisfies Record<string, ResolvedField>;

/** Salesperson and estimator must be users who can still sign in (400 naming the field otherwise). */
async function checkPeople(tx: Db, people: Record<'salesperson' | 'estimator', number>): Promise<void> {
  const ids = [...new Set(Object.values(people))];
  const found = await tx.select({ id: users.id, active: users.active }).from(users).where(inArray(users.id, ids));
  const errors: Record<string, string> = {};
  for (const [name, id] of Object.entries(people) as [keyof typeof people, number][]) {
    const user = found.find((u) => u.id === id);
    if (!user) errors[name] = `${fields[name].label} does not exist.`;
    else if (!user.active) errors[name] = `${fields[name].label} is disabled and cannot be given new estimates.`;
  }
  if (Object.keys(errors).length) throw formInvalid(errors);
}

/**
 * `POST /api/estimates/:id/duplicate`: a copy of the estimate (./copyEstimates.ts) on the
 * same site or the one given (any customer's), named "<name> (copy)" unless a name is given,
 * for the signed-in user as salesperson and estimator unless others are given. In the
 * caller's transaction; answers the new estimate's id. Unknown estimate or site: 404.
 */
export async function duplicateEstimate(tx: Db, estimateID: number, request: DuplicateRequest, context: WriteContext): Promise<number> {
  const sources = await lockSourceEstimates(tx, [estimateID]);
  const source = sources.get(estimateID);
  if (!source) throw notFound(notFoundMessage(estimates));
  const people = {
    salesperson: request.salesperson ?? context.userId!,
    estimator: request.estimator ?? context.userId!,
  };
  await checkPeople(tx, people);
  const [id] = await copyEstimates(
    tx,
    [
      {
        from: estimateID,
        siteID: request.siteID ?? source.siteID,
        projectName: request.projectName ?? copyName(source.projectName, fields.projectName.max),
        ...people,
      },
    ],
    { sources, areas: await sourceAreas(tx, [estimateID]) },
    context,
  );
  return id;
}
