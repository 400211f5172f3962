import { formValidator, type Entity } from '../../schema';
import { isFormField, resolveScreens } from '../../schema/screens';
import { FieldInput } from '../forms/FieldInput';
import { NewRecordDialog } from '../forms/NewRecordDialog';

/** The New dialog of a declared entity: its `createFields`, checked with the server's rules and messages. */
export function EntityNewDialog({ entity, open, onClose }: { entity: Entity; open: boolean; onClose: () => void }) {
  const screens = resolveScreens(entity);
  // The others get their defaults on the server (or, like a term's order, are filled in there).
  const omit = entity.resolved.filter(isFormField).map((f) => f.name).filter((name) => !screens.createFields.includes(name));
  return (
    <NewRecordDialog
      entity={entity}
      open={open}
      onClose={onClose}
      titleId={`new-${entity.name}-title`}
      title={`New ${capitalised(entity.singular)}`}
      savedMessage={screens.savedMessage}
      validate={formValidator(entity, { omit })}
    >
      {screens.createFields.map((name) => (
        <FieldInput key={name} entity={entity} name={name} />
      ))}
    </NewRecordDialog>
  );
}

export const capitalised = (text: string) => text.replace(/(^|\s)\S/g, (c) => c.toUpperCase());
