import { date, index, integer, jsonb, numeric, pgSequence, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { agreements } from '../entityTables';
import { users } from './users';
import { bytea } from './bytea';
import type { SnowPricing } from '../../../src/domain/snowPricing';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
const hours = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });
const day = (name: string) => date(name, { mode: 'string' });

/**
 * An agreement's lines (issue 40): one per accepted work area of the signed revision, its price
 * frozen there (later estimate or catalogue changes never reach it), with how it is billed and
 * its visit plan (RFC 5545 text, src/domain/visitPlans.ts).
 */
export const agreementLines = pgTable(
  'agreement_lines',
  {
    id: serial('agreement_line_id').primaryKey(),
    agreementID: integer('agreement_line_agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    /** The work area it was made from (the estimate may lose it later: no key). */
    workAreaID: integer('agreement_line_work_area_id').notNull(),
    position: integer('agreement_line_position').notNull(),
    name: varchar('agreement_line_name', { length: 150 }).notNull(),
    /** The area's subtotal after the estimate's discount, to the cent. */
    amount: money('agreement_line_amount').notNull(),
    taxCode: varchar('agreement_line_tax_code', { length: 10 }).notNull(),
    basis: varchar('agreement_line_basis', { length: 20 }).notNull(),
    /** For `installments`: how many (null: the term's months). */
    installments: integer('agreement_line_installments'),
    rrule: text('agreement_line_rrule'),
    /** For `perVisit`: the price of one visit. */
    visitPrice: money('agreement_line_visit_price'),
    plannedHours: hours('agreement_line_planned_hours').notNull().default(0),
    /** Σ its items' direct costs (quantity × unit cost) as signed: job costing's materials. */
    materialCost: money('agreement_line_material_cost').notNull().default(0),
    /** The visits the signed area counted (its items' visits, pushes or applications), at least 1. */
    plannedVisits: integer('agreement_line_planned_visits').notNull().default(1),
    /** A `perEvent` line's snow price sheet as signed (src/domain/snowPricing.ts): storms are billed by it. */
    snowPricing: jsonb('agreement_line_snow_pricing').$type<SnowPricing>(),
    version: integer('agreement_line_version').notNull().default(1),
    createdAt: at('agreement_line_created_at').notNull().defaultNow(),
    updatedAt: at('agreement_line_updated_at').notNull().defaultNow(),
  },
  (t) => [index('agreement_lines_agreement_idx').on(t.agreementID, t.position)],
);

/** One visit of a line: a date (not a time) in the office's calendar, planned, done or skipped. */
export const visits = pgTable(
  'visits',
  {
    id: serial('visit_id').primaryKey(),
    agreementID: integer('visit_agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    lineID: integer('visit_line_id')
      .notNull()
      .references(() => agreementLines.id, { onDelete: 'cascade' }),
    date: day('visit_date').notNull(),
    /** The date its line's plan gave it (a moved visit keeps it: the plan does not bring it back). */
    plannedDate: day('visit_planned_date').notNull(),
    status: varchar('visit_status', { length: 10 }).notNull().default('planned'),
    crew: varchar('visit_crew', { length: 100 }).notNull().default(''),
    actualHours: hours('visit_actual_hours'),
    materials: money('visit_materials'),
    notes: text('visit_notes').notNull().default(''),
    completedAt: at('visit_completed_at'),
    completedBy: integer('visit_completed_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('visit_version').notNull().default(1),
    createdAt: at('visit_created_at').notNull().defaultNow(),
    updatedAt: at('visit_updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('visits_date_idx').on(t.date),
    index('visits_line_idx').on(t.lineID, t.date),
    index('visits_agreement_idx').on(t.agreementID, t.date),
  ],
);

/** QuickBooks Online invoice numbers: taken by exports, never given again (an undone export's too). */
export const invoiceNumbers = pgSequence('billing_invoice_number_seq', { startWith: 1001 });

/** A month's billing handed to accounting: the CSV as it was downloaded, again on request. */
export const billingExports = pgTable('billing_exports', {
  id: serial('billing_export_id').primaryKey(),
  month: varchar('billing_export_month', { length: 7 }).notNull(),
  invoices: integer('billing_export_invoices').notNull(),
  lines: integer('billing_export_lines').notNull(),
  total: money('billing_export_total').notNull(),
  firstInvoice: integer('billing_export_first_invoice').notNull(),
  lastInvoice: integer('billing_export_last_invoice').notNull(),
  csv: text('billing_export_csv').notNull(),
  createdAt: at('billing_export_created_at').notNull().defaultNow(),
  createdBy: integer('billing_export_created_by').references(() => users.id, { onDelete: 'set null' }),
  createdByName: varchar('billing_export_created_by_name', { length: 301 }).notNull().default(''),
});

/**
 * The billing lines an export took, as they went (src/domain/billing.ts names them by their
 * source: `installment-<line>-<n>`, `visit-<visit>`…). What is here is billed: its line's schedule
 * and its visit no longer change.
 */
export const billedLines = pgTable(
  'billed_lines',
  {
    key: varchar('billed_line_key', { length: 80 }).primaryKey(),
    exportID: integer('billed_line_export_id')
      .notNull()
      .references(() => billingExports.id, { onDelete: 'cascade' }),
    customerID: integer('billed_line_customer_id').notNull(),
    agreementID: integer('billed_line_agreement_id').notNull(),
    lineID: integer('billed_line_line_id')
      .notNull()
      .references(() => agreementLines.id, { onDelete: 'restrict' }),
    visitID: integer('billed_line_visit_id'),
    invoiceNumber: integer('billed_line_invoice_number').notNull(),
    date: day('billed_line_date').notNull(),
    description: varchar('billed_line_description', { length: 400 }).notNull(),
    quantity: hours('billed_line_quantity').notNull(),
    rate: money('billed_line_rate').notNull(),
    amount: money('billed_line_amount').notNull(),
    tax: money('billed_line_tax').notNull(),
    source: varchar('billed_line_source', { length: 20 }).notNull(),
  },
  (t) => [
    index('billed_lines_export_idx').on(t.exportID),
    index('billed_lines_line_idx').on(t.lineID),
    index('billed_lines_visit_idx').on(t.visitID),
  ],
);

/** The signed paper of an agreement marked signed on paper (a PDF or a photo), as uploaded. */
export const agreementScans = pgTable('agreement_scans', {
  agreementID: integer('agreement_scan_agreement_id')
    .primaryKey()
    .references(() => agreements.id, { onDelete: 'cascade' }),
  contentType: varchar('agreement_scan_content_type', { length: 40 }).notNull(),
  bytes: bytea('agreement_scan_bytes').notNull(),
  sha256: varchar('agreement_scan_sha256', { length: 64 }).notNull(),
  uploadedAt: at('agreement_scan_uploaded_at').notNull().defaultNow(),
  uploadedBy: integer('agreement_scan_uploaded_by').references(() => users.id, { onDelete: 'set null' }),
});
