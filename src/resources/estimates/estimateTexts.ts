import { estimates } from '../../schema';
import { resolveScreens } from '../../schema/screens';

const screens = resolveScreens(estimates);

/** The estimate screens' messages (SPEC §2, §8), worded for every entity alike (src/schema/screens.ts). */
export const ESTIMATE_SAVED = screens.savedMessage;
export const DELETE_ESTIMATE_QUESTION = screens.deleteQuestion;
export const NEW_ESTIMATE = screens.newTitle;
