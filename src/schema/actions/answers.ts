/** Shapes many actions answer with, named once in /api/openapi.json's components. */
import { z } from 'zod';
import { INT4_MAX } from '../validate';

/** Ids are positive 32-bit integers. */
export const idSchema = z.number().int().min(1).max(INT4_MAX);

/** `{id}` of a created record. */
export const createdSchema = z.object({ id: idSchema }).describe('The id of the created record.');
