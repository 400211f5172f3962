import type { Entity, ResolvedField } from './defineEntity';

/**
 * What the generic screens of an entity show, its `screens` declaration with the defaults
 * filled in. Plain data: src/admin/generic turns it into React.
 */
export interface ResolvedScreens {
  title: string;
  icon: string;
  listColumns: string[];
  createFields: string[];
  /** Every field the detail page edits, in declaration order. */
  editFields: string[];
  titleField: string;
  /** The list's search box placeholder, e.g. 'Search Customers'. */
  searchPlaceholder: string;
  /** The New button and dialog title, e.g. 'New Customer'. */
  newTitle: string;
  deleteQuestion: string;
  savedMessage: string;
}

export const capitalise = (text: string) => text.replace(/(^|\s)\S/g, (c) => c.toUpperCase());

/** A field a person types or picks a value for (not computed, not read from another row). */
export const isFormField = (f: ResolvedField) => !f.readOnly && !f.sequence && f.kind !== 'lookup';

export function resolveScreens(entity: Entity): ResolvedScreens {
  const declared = entity.screens ?? {};
  const formFields = entity.resolved.filter(isFormField);
  const known = (names: readonly string[], what: string) => {
    for (const name of names) if (!entity.field(name)) throw new Error(`${entity.name}.screens.${what}: no field ${name}`);
    return [...names];
  };
  const title = declared.title ?? capitalise(entity.plural);
  return {
    title,
    icon: declared.icon ?? 'Category',
    listColumns: known(
      declared.listColumns ?? entity.resolved.filter((f) => !f.hiddenInList && f.kind !== 'reference').map((f) => f.name),
      'listColumns',
    ),
    createFields: known(
      declared.createFields ?? formFields.filter((f) => f.required && !f.filledOnCreate).map((f) => f.name),
      'createFields',
    ),
    editFields: known(declared.editFields ?? formFields.map((f) => f.name), 'editFields'),
    titleField: known([declared.titleField ?? 'name'], 'titleField')[0],
    searchPlaceholder: `Search ${title}`,
    newTitle: `New ${capitalise(entity.singular)}`,
    deleteQuestion: `Are you sure you would like to delete this ${entity.singular}?`,
    savedMessage: `${capitalise(entity.singular)} Saved`,
  };
}
