import { useCallback } from 'react';
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
 * through or not). The refetches are not waited for: a screen that moves on after the action
 * (to the copy it made) does not wait for the one it leaves.
 */
export function useApiAction<Name extends keyof Actions>(name: Name) {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const invalidate = useActionInvalidation();
  return useMutation({
    mutationFn: (args: ActionArgs<Actions[Name]>) =>
      (dataProvider[name] as (...args: unknown[]) => Promise<ActionAnswer<Actions[Name]>>)(...(args as unknown[])),
    onSettled: () => void invalidate(name),
  });
}

/**
 * For a caller of a typed client method that is not a mutation (a click's useAction): the
 * queries the action's declaration lists, invalidated; resolves once they are refetched.
 */
export function useActionInvalidation() {
  const queryClient = useQueryClient();
  return useCallback(
    async (name: keyof Actions) => {
      await Promise.all(actions[name].invalidates.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
    },
    [queryClient],
  );
}

type FormErrors = { [field: string]: string | FormErrors };

/**
 * A form's validate for an action's body: its messages by field, as the server would answer,
 * nested as the form's sources are (`pricing.percent`). Only the form's own fields: a message on
 * a part of the body the form does not show (the estimates ticked in a list) is the submit's,
 * which the client method refuses with the same message.
 */
export function actionValidator<Name extends keyof Actions>(name: Name, bodyOf: (values: Record<string, unknown>) => unknown) {
  return (values: Record<string, unknown>): FormErrors => {
    const errors: FormErrors = {};
    for (const [key, message] of Object.entries(actionErrors(actions[name], bodyOf(values), actionContext()))) {
      const path = key.split('.');
      if (!(path[0] in values)) continue;
      let node = errors;
      for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as FormErrors;
      node[path[path.length - 1]] = message;
    }
    return errors;
  };
}
