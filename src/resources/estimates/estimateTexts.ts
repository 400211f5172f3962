/** The estimate screens' messages (SPEC §2, §8). */
export const ESTIMATE_SAVED = 'Estimate Saved';
export const DELETE_ESTIMATE_QUESTION = 'Are you sure you would like to delete this estimate?';
