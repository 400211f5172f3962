import { formValidator, type Entity } from '../../schema';
import { isFormField, resolveScreens } from '../../schema/screens';
import { entityDefaults } from '../forms/entityDefaults';
import { NewRecordDialog } from '../forms/NewRecordDialog';
import { EntityInputs } from './EntityInputs';

/** What a list gives the New dialog it shows, generic or bespoke (`resourceFromEntity`'s `create`). */
export interface NewDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The New dialog of a declared entity: its `createFields`, checked with the server's rules and messages. */
export function EntityNewDialog({ entity, open, onClose }: NewDialogProps & { entity: Entity }) {
  const screens = resolveScreens(entity);
  const shown = (name: string) => screens.createFields.includes(name);
  // The others get their defaults on the server (or, like a term's order, are filled in there).
  const omit = entity.resolved
    .filter(isFormField)
    .map((f) => f.name)
    .filter((name) => !shown(name));
  const defaults = Object.entries(entityDefaults(entity)).filter(([name]) => shown(name));
  return (
    <NewRecordDialog
      entity={entity}
      open={open}
      onClose={onClose}
      validate={formValidator(entity, { omit })}
      defaultValues={Object.fromEntries(defaults)}
    >
      <EntityInputs entity={entity} fields={screens.createFields} />
    </NewRecordDialog>
  );
}
