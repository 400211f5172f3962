/**
 * A site's plan (issue 42): read and saved whole. The shapes are checked and measured by
 * src/domain/sitePlan.ts on both sides; the server then checks the image is one of the site's plan
 * images and the version is current (server/sitePlans/).
 */
import { z } from 'zod';
import {
  parseFeetPerUnit,
  parsePlanShapes,
  PLAN_KINDS,
  PLAN_MAX_POINTS,
  PLAN_MAX_SHAPES,
  SHAPE_ID_MAX,
  SHAPE_NAME_MAX,
  type PlanShapes,
} from '../../domain/sitePlan';
import type { Parsed } from '../../domain/parsed';
import { idSchema } from './answers';
import { defineAction, type ActionBody } from './defineAction';
import { flag, recordId, recordVersion } from './fields';

const TAG = 'Site plans';

/** The SPA's query of a site's plan (`[SITE_PLAN_QUERY, siteID]`). */
export const SITE_PLAN_QUERY = 'sitePlan';

export const sitePlanMessages = {
  imageID: 'Image must be a plan image uploaded to this site.',
  feetPerUnitRequired: 'Feet Per Unit is required (null until the scale is set).',
} as const;

/** A value read by a domain parser, its message reported on the field. */
const parsedBy = <T>(parse: (raw: unknown) => Parsed<T>) =>
  z
    .unknown()
    .optional()
    .transform((raw, context): T => {
      const parsed = parse(raw);
      if ('error' in parsed) {
        context.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed.value;
    });

const position = z.tuple([z.number(), z.number()]).describe('[x, y] in plan units: pixels of the image’s large version, y downward.');
const planFeature = z.object({
  type: z.literal('Feature'),
  id: z.string().max(SHAPE_ID_MAX),
  geometry: z.discriminatedUnion('type', [
    z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(position)).describe('The outline, then any holes; closed.') }),
    z.object({ type: z.literal('LineString'), coordinates: z.array(position) }),
    z.object({ type: z.literal('Point'), coordinates: position }),
  ]),
  properties: z.object({
    name: z.string().max(SHAPE_NAME_MAX),
    kind: z.enum(PLAN_KINDS).describe('area: a Polygon; line: a LineString; point: a Point.'),
    squareFeet: z.number().optional().describe('An area’s, computed by the server once the plan has a scale.'),
    linearFeet: z.number().optional().describe('A line’s, computed by the server once the plan has a scale.'),
  }),
});
const planShapesSchema = z
  .object({ type: z.literal('FeatureCollection'), features: z.array(planFeature) })
  .describe('GeoJSON in plan units.') as z.ZodType<PlanShapes>;

export const sitePlanSchema = z
  .object({
    siteID: idSchema,
    imageID: idSchema.nullable().describe('The plan image (a photo of purpose `plan`); null: a blank grid.'),
    image: z
      .object({ width: z.number().int(), height: z.number().int() })
      .nullable()
      .describe('The image’s large version in pixels, which are the plan’s units.'),
    feetPerUnit: z.number().nullable().describe('Feet per plan unit; null until the scale is set.'),
    shapes: planShapesSchema,
    printOnProposal: z.boolean(),
    version: z.number().int().min(0).describe('0 until first saved.'),
  })
  .describe('A site’s plan.');

const version = recordVersion(0).describe('The version read (0 for a site with no plan yet).');

const sitePlanBody = z
  .object({
    imageID: recordId(sitePlanMessages.imageID).nullish().describe('Omitted: the stored image stays.'),
    feetPerUnit: parsedBy((raw) => (raw === undefined ? { error: sitePlanMessages.feetPerUnitRequired } : parseFeetPerUnit(raw))).describe(
      'Feet per plan unit (a positive number), or null until the scale is set.',
    ),
    shapes: z
      .unknown()
      .optional()
      .describe(`A GeoJSON FeatureCollection of up to ${PLAN_MAX_SHAPES} shapes and ${PLAN_MAX_POINTS} points in all.`),
    printOnProposal: flag('Print On Proposal', false).optional().describe('Omitted: stays as stored.'),
    version,
  })
  .transform((body, context) => {
    const shapes = parsePlanShapes(body.shapes, body.feetPerUnit);
    if ('error' in shapes) {
      context.addIssue({ code: 'custom', path: ['shapes'], message: shapes.error });
      return z.NEVER;
    }
    return { ...body, shapes: shapes.value };
  });

export const getSitePlan = defineAction({
  name: 'getSitePlan',
  method: 'GET',
  path: '/sites/:id/plan',
  access: 'user',
  tag: TAG,
  summary: 'A site’s plan',
  description:
    'The image drawn over (or none: a blank grid), the scale, the shapes with their measures, and the version. A site with no plan yet answers an empty one at version 0 (a blank grid at 1 foot per unit).',
  status: 200,
  answer: sitePlanSchema,
  invalidates: [],
});

export const saveSitePlan = defineAction({
  name: 'saveSitePlan',
  method: 'PUT',
  path: '/sites/:id/plan',
  access: 'user',
  tag: TAG,
  summary: 'Save a site’s plan',
  description:
    'The whole plan with the version it was read at. Each shape is checked (no crossing edges, holes inside, names on one line…) and measured by the server at the plan’s scale: `squareFeet` for areas, `linearFeet` for lines, whatever was sent. `imageID` must be a plan image of this site. 409 on a stale version.',
  body: sitePlanBody,
  status: 200,
  answer: sitePlanSchema,
  errors: [409],
  invalidates: [SITE_PLAN_QUERY],
});

/** A plan as checked. */
export type SitePlanChange = ActionBody<typeof saveSitePlan>;
