import { z } from 'zod';
import { LINE_FIELDS, snapshotType, type SnapshotType } from '../../src/schema/workAreaItemLines';
import { idSchema } from './commonSchemas';

/** The shapes of src/domain/revisions.ts for the API document of the revision routes. */

const money = z.number();
const change = <T extends z.ZodType>(value: T) => z.object({ from: value, to: value });

export const pricingSchema = z.object({ discount: z.number(), subtotal: money, taxes: money, total: money });

const snapshotSchemas: Record<SnapshotType, z.ZodType> = {
  number: z.number(),
  'number?': z.number().nullable(),
  'id?': idSchema.nullable(),
  boolean: z.boolean(),
  string: z.string(),
  'string?': z.string().nullable(),
  'json?': z.record(z.string(), z.unknown()).nullable(),
};

/** Every declared field of a line (absent from revisions frozen before the field was declared). */
export const revisionItemSchema = z.object({
  id: idSchema,
  ...Object.fromEntries(LINE_FIELDS.map((field) => [field.name, snapshotSchemas[snapshotType(field)].optional()])),
});

export const revisionAreaSchema = z.object({
  id: idSchema,
  name: z.string(),
  tax: z.string(),
  isIncluded: z.boolean(),
  notes: z.string().nullable().describe('Sanitised rich text (HTML).'),
  subtotal: money,
  snowPricing: z
    .looseObject({})
    .nullable()
    .optional()
    .describe('Its snow price sheet (issue 41); absent from revisions frozen before them.'),
  items: z.array(revisionItemSchema),
});

export const revisionSnapshotSchema = z
  .object({
    areas: z.array(revisionAreaSchema),
    pricing: pricingSchema,
    custom: z
      .record(z.string(), z.unknown())
      .optional()
      .describe("The estimate's custom fields by key (absent from revisions frozen before them)."),
  })
  .describe("Every work area (included or not) in id order with its items in id order, the pricing and the estimate's custom fields.");

export const revisionSummarySchema = z.object({
  revision: z.number().int().min(1),
  frozenAt: z.string().nullable().describe('When its first proposal was sent; null for the current revision not yet sent.'),
  frozenBy: z.string().nullable().describe('The name of the user who sent it.'),
  subtotal: money,
  total: money,
  proposalIDs: z.array(idSchema),
});

export const revisionDetailSchema = z.object({
  revision: z.number().int().min(1),
  frozenAt: z.string().nullable(),
  frozenBy: z.string().nullable(),
  current: z.boolean(),
  snapshot: revisionSnapshotSchema,
});

const areaItemSchema = z.object({ areaID: idSchema, areaName: z.string(), item: revisionItemSchema });
// A field's value before and after: text, a number, nothing, or a structured value (an item's plan measure).
const anyValue = z.union([z.string(), z.number(), z.null(), z.record(z.string(), z.unknown())]);

export const revisionComparisonSchema = z.object({
  from: z.number().int().min(1),
  to: z.number().int().min(1),
  areas: z.object({
    added: z.array(revisionAreaSchema),
    removed: z.array(revisionAreaSchema),
    changed: z.array(
      z.object({
        id: idSchema,
        name: z.string(),
        changes: z.object({
          name: change(z.string()).optional(),
          tax: change(z.string()).optional(),
          included: change(z.boolean()).optional(),
          subtotal: change(money).optional(),
          notesChanged: z.literal(true).optional(),
          notes: change(z.string().nullable()).optional(),
          snowPricing: change(z.looseObject({}).nullable()).optional().describe('The snow price sheet before and after (issue 41).'),
        }),
      }),
    ),
  }),
  items: z.object({
    added: z.array(areaItemSchema),
    removed: z.array(areaItemSchema),
    changed: z.array(z.object({ areaID: idSchema, id: idSchema, name: z.string(), changes: z.record(z.string(), change(anyValue)) })),
  }),
  totals: z.object({ from: pricingSchema, to: pricingSchema }),
  custom: z
    .array(z.object({ key: z.string(), from: z.unknown(), to: z.unknown() }))
    .describe("The estimate's custom fields that differ, by key (null: no value)."),
});
