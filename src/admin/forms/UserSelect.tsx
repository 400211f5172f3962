import { useWatch } from 'react-hook-form';
import { ChoiceSelect } from './ChoiceSelect';
import { userName, useUsers } from './useUsers';

/**
 * A select of the users by name (salesperson, estimator); the form holds the user's id.
 * Disabled users are not offered, except the one the record already names (marked so).
 */
export function UserSelect({ source, label }: { source: string; label: string }) {
  const { data: users } = useUsers();
  const current = useWatch({ name: source });
  const choices = (users ?? [])
    .filter((user) => user.active !== false || user.id === current)
    .map((user) => ({ id: user.id, name: user.active === false ? `${userName(user)} (disabled)` : userName(user) }));
  return <ChoiceSelect source={source} label={label} choices={choices} />;
}
