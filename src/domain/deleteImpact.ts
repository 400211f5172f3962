/** Rows of one kind that a delete concerns, e.g. 3 contacts. */
export interface DeleteImpactPart {
  name: string;
  singular: string;
  plural: string;
  count: number;
  /** What to do instead, when these rows stop a delete ('Archive it instead.'). */
  remedy?: string;
}

/** What deleting a record would take along with it, and what stops it from being deleted. */
export interface DeleteImpact {
  deletes: DeleteImpactPart[];
  blockedBy: DeleteImpactPart[];
}

const countOf = (part: DeleteImpactPart) => `${part.count} ${part.count === 1 ? part.singular : part.plural}`;

/** '2 sites', '2 sites and 3 contacts', '2 sites, 3 contacts and 4 service assignments'. */
export function countsPhrase(parts: DeleteImpactPart[]): string {
  const counted = parts.filter((p) => p.count > 0).map(countOf);
  return counted.length <= 1 ? (counted[0] ?? '') : `${counted.slice(0, -1).join(', ')} and ${counted[counted.length - 1]}`;
}

/** The refusal of a delete that other records stop (409). */
export function deleteBlockedMessage(singular: string, blockedBy: DeleteImpactPart[]): string {
  const remedies = [...new Set(blockedBy.filter((p) => p.count > 0 && p.remedy).map((p) => p.remedy))];
  return [`This ${singular} cannot be deleted: it still has ${countsPhrase(blockedBy)}.`, ...remedies].join(' ');
}

/**
 * The confirmation before a delete: the question, then what goes with the record (or what
 * stops the delete), so nobody removes a customer's sites and contacts unknowingly.
 */
export function deleteConfirmation(question: string, singular: string, impact: DeleteImpact): string {
  if (impact.blockedBy.some((p) => p.count > 0)) return `${question} ${deleteBlockedMessage(singular, impact.blockedBy)}`;
  const deletes = countsPhrase(impact.deletes);
  return deletes ? `${question} Its ${deletes} will be deleted too.` : question;
}
