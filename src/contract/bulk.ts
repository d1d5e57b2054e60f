import { z } from 'zod';
import { chargeFormSchema } from './api/charges.ts';
import { consumerMigrationFormSchema } from './api/consumer-migration.ts';
import { chargeSchedule } from './charge-schedule.ts';

/** The two bulk campaigns (product.md "Bulk"): one row of the file is one write. */
export const BULK_KINDS = ['charges', 'migrations'] as const;
export type BulkKind = (typeof BULK_KINDS)[number];
/** Rows per file: a campaign is a working day's batch, not a data migration. */
export const MAX_BULK_ROWS = 10_000;

/** The schema each row is checked with: the same as the single-write form's. */
export const BULK_ROW_SCHEMAS = {
  charges: chargeFormSchema,
  migrations: consumerMigrationFormSchema,
} as const satisfies Record<BulkKind, z.ZodType>;

type FieldSchema = z.core.$ZodType;

function objectShape(schema: FieldSchema): Record<string, FieldSchema> {
  const def = (schema as z.ZodType).def as {
    type: string;
    in?: FieldSchema;
    shape?: Record<string, FieldSchema>;
  };
  if (def.type === 'pipe') return objectShape(def.in!);
  return def.shape!;
}

/** The field under optional/default/nullable wrappers. */
function baseOf(schema: FieldSchema): FieldSchema {
  const def = (schema as z.ZodType).def as { type: string; innerType?: FieldSchema; in?: FieldSchema };
  if (def.innerType) return baseOf(def.innerType);
  if (def.type === 'pipe') return baseOf(def.in!);
  return schema;
}

const isOptional = (schema: FieldSchema) => (schema as z.ZodType).safeParse(undefined).success;
const typeOf = (schema: FieldSchema) => ((baseOf(schema) as z.ZodType).def as { type: string }).type;

/**
 * Columns the BFF fills when a file leaves them out: a charge without `input_id` gets one made from the
 * campaign and the row, the same on every retry, so a row is never booked twice.
 */
const GENERATED_COLUMNS: Record<BulkKind, readonly string[]> = { charges: ['input_id'], migrations: [] };
const PLACEHOLDER_INPUT_ID = 'generated-by-the-campaign';

/** The columns a file of this kind may have: the API's scalar fields plus the path's ids. */
export function bulkColumns(kind: BulkKind): { name: string; required: boolean }[] {
  return Object.entries(objectShape(BULK_ROW_SCHEMAS[kind]))
    .filter(([, field]) => !['array', 'object'].includes(typeOf(field)))
    .map(([name, field]) => ({
      name,
      required: !isOptional(field) && !GENERATED_COLUMNS[kind].includes(name),
    }));
}

/** The stable `input_id` of a charge row whose file gave none. */
export function generatedInputId(campaignId: string, row: number): string {
  return `bulk-${campaignId.slice(0, 8)}-${row}`;
}

/** Validates typed row values as the platform will receive them (a generated input_id counts as given). */
export function parseBulkRow(kind: BulkKind, values: Record<string, unknown>) {
  const withGenerated =
    kind === 'charges' && values.input_id === undefined
      ? { ...values, input_id: PLACEHOLDER_INPUT_ID }
      : values;
  return BULK_ROW_SCHEMAS[kind].safeParse(withGenerated);
}

/** Unknown columns (typos, fields a file cannot hold) and missing required ones, before any row is read. */
export function checkBulkHeader(
  kind: BulkKind,
  header: readonly string[],
): { unknown: string[]; missing: string[] } {
  const columns = bulkColumns(kind);
  const known = new Set(columns.map((column) => column.name));
  const present = new Set(header.map((name) => name.trim()));
  return {
    unknown: [...present].filter((name) => name !== '' && !known.has(name)),
    missing: columns
      .filter((column) => column.required && !present.has(column.name))
      .map((column) => column.name),
  };
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'ja', 'wahr', 'x']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'nein', 'falsch']);

/**
 * A number as a spreadsheet writes it: `1234.5`, or German `1234,5` / `1.234,5`. Anything else stays
 * text, so the schema reports it as not a number.
 */
export function readCsvNumber(text: string): number | string {
  const compact = text.replace(/[\s\u00a0]/g, '');
  const normalized = compact.includes(',')
    ? compact.replace(/\.(?=\d{3}(\D|$))/g, '').replace(',', '.')
    : compact;
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(normalized) ? Number(normalized) : text;
}

/** One CSV record (text by column) as the typed values the row schema expects; empty cells are absent. */
export function bulkRowValues(kind: BulkKind, record: Record<string, string>): Record<string, unknown> {
  const shape = objectShape(BULK_ROW_SCHEMAS[kind]);
  const values: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(record)) {
    const field = shape[name.trim()];
    if (!field || raw.trim() === '') continue;
    const text = raw.trim();
    switch (typeOf(field)) {
      case 'number':
      case 'int':
        values[name.trim()] = readCsvNumber(text);
        break;
      case 'boolean': {
        const word = text.toLowerCase();
        values[name.trim()] = TRUE_WORDS.has(word) ? true : FALSE_WORDS.has(word) ? false : text;
        break;
      }
      default:
        values[name.trim()] = text;
    }
  }
  return values;
}

export interface BulkRowProblem {
  /** 1-based data row (the header is row 0). */
  row: number;
  column: string;
  message: string;
}

/** Checks one row with the kind's schema: the typed values, or every problem by column. */
export function checkBulkRow(
  kind: BulkKind,
  row: number,
  record: Record<string, string>,
): { ok: true; values: Record<string, unknown> } | { ok: false; problems: BulkRowProblem[] } {
  const values = bulkRowValues(kind, record);
  const result = parseBulkRow(kind, values);
  if (result.success) return { ok: true, values };
  return {
    ok: false,
    problems: result.error.issues.map((issue) => ({
      row,
      column: issue.path.length ? String(issue.path[0]) : '—',
      message: issue.message,
    })),
  };
}

export interface ChargeTotal {
  type: 'charge' | 'credit';
  ratePercent: number;
  executions: number;
  netCent: number;
  vatCent: number;
  grossCent: number;
}

/**
 * Totals of a charges file as it would be booked: every execution of every row, at the VAT rate of its
 * own due date (the schedule rules of the single form), by type and rate.
 */
export function chargeTotals(rows: readonly Record<string, unknown>[]): ChargeTotal[] {
  const totals = new Map<string, ChargeTotal>();
  for (const values of rows) {
    const parsed = parseBulkRow('charges', values);
    if (!parsed.success) continue;
    const charge = parsed.data as z.infer<typeof chargeFormSchema>;
    for (const execution of chargeSchedule(charge)) {
      const key = `${charge.type_of_transaction}:${execution.ratePercent}`;
      const total = totals.get(key) ?? {
        type: charge.type_of_transaction,
        ratePercent: execution.ratePercent,
        executions: 0,
        netCent: 0,
        vatCent: 0,
        grossCent: 0,
      };
      total.executions += 1;
      total.netCent += execution.netCent;
      total.vatCent += execution.vatCent;
      total.grossCent += execution.grossCent;
      totals.set(key, total);
    }
  }
  return [...totals.values()].sort((a, b) => a.type.localeCompare(b.type) || b.ratePercent - a.ratePercent);
}

/** One checked row of a campaign request: the file's data row (at most MAX_BULK_ROWS of them) and its values. */
export const bulkCampaignRowSchema = z.object({
  row: z
    .int({ message: 'A row number is a whole number.' })
    .min(1, { message: `A row number is between 1 and ${MAX_BULK_ROWS}.` })
    .max(MAX_BULK_ROWS, { message: `A row number is between 1 and ${MAX_BULK_ROWS}.` }),
  values: z.record(z.string(), z.unknown()),
});

/** The first row number given twice, as a message, or null. */
export function repeatedRowProblem(rows: readonly { row: number }[]): string | null {
  const seen = new Set<number>();
  for (const { row } of rows) {
    if (seen.has(row)) return `Row ${row} is given twice: each row once.`;
    seen.add(row);
  }
  return null;
}

const campaignFields = {
  kind: z.enum(BULK_KINDS),
  fileName: z.string().min(1).max(255),
};
const rowCount = <T extends z.ZodType>(row: T) =>
  z
    .array(row)
    .min(1, { message: 'The file has no rows to send.' })
    .max(MAX_BULK_ROWS, { message: `A campaign takes at most ${MAX_BULK_ROWS} rows.` });

/** `POST /bff/bulk/campaigns`: the checked rows of one file. */
export const bulkCampaignRequestSchema = z.object({
  ...campaignFields,
  rows: rowCount(bulkCampaignRowSchema).superRefine((rows, context) => {
    const problem = repeatedRowProblem(rows);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
});

/**
 * The same request with its rows not yet looked into: the BFF checks the envelope at once and the
 * 10,000 rows with `bulkCampaignRowSchema` in slices, so other requests do not wait (issue 24).
 */
export const bulkCampaignEnvelopeSchema = z.object({ ...campaignFields, rows: rowCount(z.unknown()) });
export type BulkCampaignRequest = z.infer<typeof bulkCampaignRequestSchema>;

export const BULK_CAMPAIGN_STATUSES = ['running', 'paused', 'cancelled', 'done'] as const;
/**
 * A row's final state: `created` (the platform booked it, or confirmed an earlier unanswered attempt had),
 * `refused` (the platform said no), `skipped` (it was done before), `failed` (never booked: the platform
 * could not be reached or answered errors for the whole retry window), `unknown` (sent, and no answer came
 * for the whole retry window: it may be booked).
 */
export const BULK_ROW_OUTCOMES = ['created', 'refused', 'skipped', 'failed', 'unknown'] as const;
export type BulkRowOutcome = (typeof BULK_ROW_OUTCOMES)[number];

export const bulkCampaignSchema = z.object({
  id: z.string(),
  kind: z.enum(BULK_KINDS),
  fileName: z.string(),
  owner: z.string(),
  ownerDisplayName: z.string().nullable(),
  status: z.enum(BULK_CAMPAIGN_STATUSES),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  total: z.int(),
  /** Rows not yet answered (waiting, or in flight) that no attempt can have booked yet. */
  pending: z.int(),
  /** `unknown`: rows sent without an answer — re-sent until the platform answers, or final. */
  counts: z.object({
    created: z.int(),
    refused: z.int(),
    skipped: z.int(),
    failed: z.int(),
    unknown: z.int(),
  }),
  /** Rows answered per second over the last minute; null before any. */
  ratePerSecond: z.number().nullable(),
});
export type BulkCampaign = z.infer<typeof bulkCampaignSchema>;

/** The results download: one row per input row. */
export const BULK_RESULTS_CSV_HEADER = [
  'row',
  'user_id',
  'contract_id',
  'input_id',
  'status',
  'message',
] as const;
