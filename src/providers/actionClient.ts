/**
 * The typed client of the declared actions (src/schema/actions): `dataProvider.sendProposal(id,
 * body)`. Each method checks the body with the declaration's own messages before the request
 * (a refused body never leaves the browser, and fails as the server would: HttpError 400 with
 * `body.errors`), fills the path and calls the API.
 */
import { HttpError } from 'react-admin';
import { officeDate } from '../domain/officeDate';
import { actions, type Actions } from '../schema/actions';
import { checkActionBody } from '../schema/actions/checkBody';
import { pathParams, type ActionAnswer, type ActionArgs, type ActionDefinition, type ActionMethod } from '../schema/actions/defineAction';
import { API_BASE, httpRequest } from './httpClient';

export type ActionMethods = { [K in keyof Actions]: (...args: ActionArgs<Actions[K]>) => Promise<ActionAnswer<Actions[K]>> };

/** The context of the checks: the office's day now. */
export const actionContext = () => ({ today: officeDate(new Date()) });

/** The action's path with its parameters filled in, in order. */
export function actionPath(action: ActionDefinition, args: readonly unknown[]): string {
  let index = 0;
  return action.path.replace(/:([A-Za-z]+)/g, () => encodeURIComponent(String(args[index++])));
}

/** How a checked call goes out: its method, its path under /api, and its body when it has one. */
export type ActionSend = (method: ActionMethod, path: string, ...options: [] | [{ body: unknown }]) => Promise<unknown>;

async function callAction(action: ActionDefinition, args: unknown[], send: ActionSend): Promise<unknown> {
  const path = actionPath(action, args);
  if (!action.body) return send(action.method, path);
  const body = args[pathParams(action.path).length];
  const checked = checkActionBody(action, body, actionContext());
  if (!checked.ok) throw new HttpError(checked.message, 400, { message: checked.message, errors: checked.errors });
  return send(action.method, path, { body });
}

/** The client methods, each sending through `send` (the API; a UI test's stand-in). */
export const actionMethodsOver = (send: ActionSend) =>
  Object.fromEntries(
    Object.values(actions).map((action: ActionDefinition) => [action.name, (...args: unknown[]) => callAction(action, args, send)]),
  ) as ActionMethods;

export const actionMethods = actionMethodsOver(
  async (method, path, ...options) => (await httpRequest(`${API_BASE}${path}`, { method, ...options[0] })).body,
);
