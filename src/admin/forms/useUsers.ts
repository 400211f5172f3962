import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { YardstickDataProvider } from '../../providers/dataProvider';
import type { User } from '../../providers/customMethods';

/** Everyone who can be a salesperson or estimator (GET /users), loaded once per screen visit. */
export function useUsers() {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  return useQuery({ queryKey: ['users'], queryFn: () => dataProvider.getUsers() });
}

/** "Ada Lovelace", or the username when a user has no name. */
export function userName(user: Pick<User, 'firstName' | 'lastName' | 'username'>): string {
  return `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() || user.username;
}
