import { ChoiceSelect } from './ChoiceSelect';
import { userName, useUsers } from './useUsers';

/** A select of the users by name (salesperson, estimator); the form holds the user's id. */
export function UserSelect({ source, label }: { source: string; label: string }) {
  const { data: users } = useUsers();
  const choices = (users ?? []).map((user) => ({ id: user.id, name: userName(user) }));
  return <ChoiceSelect source={source} label={label} choices={choices} />;
}
