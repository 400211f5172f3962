import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { YardstickDataProvider } from '../../providers/dataProvider';
import { actionContext } from '../../providers/actionClient';
import { actions, type Actions } from '../../schema/actions';
import { actionErrors } from '../../schema/actions/checkBody';
import type { ActionAnswer, ActionArgs } from '../../schema/actions/defineAction';

/**
 * A declared action as a mutation: called with its client method's arguments, and the queries
 * its declaration lists invalidated once it settles (what it changed shows, whether it went
 * through or not).
 */
export function useAction<Name extends keyof Actions>(name: Name) {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: ActionArgs<Actions[Name]>) =>
      (dataProvider[name] as (...args: unknown[]) => Promise<ActionAnswer<Actions[Name]>>)(...(args as unknown[])),
    onSettled: () => Promise.all(actions[name].invalidates.map((key) => queryClient.invalidateQueries({ queryKey: [key] }))),
  });
}

/** A form's validate for an action's body: its messages by field, as the server would answer. */
export function actionValidator<Name extends keyof Actions>(name: Name, bodyOf: (values: Record<string, unknown>) => unknown) {
  return (values: Record<string, unknown>) => actionErrors(actions[name], bodyOf(values), actionContext());
}
