import { z } from 'zod/mini';
import { bulkRowNoticeSchema } from './bulk-row-notices.ts';
import { chargeFormSchema } from './api/charges.ts';
import { consumerMigrationFormSchema } from './api/consumer-migration.ts';
import { chargeSchedule, sumChargeTotals, type ChargeTotal } from './charge-schedule.ts';
import { MIGRATION_FIELDS } from './consumer-migration-fields.ts';
import { formFieldsOf, type FormField } from './form-fields.ts';
import { isRecord } from './is-record.ts';
import { hasUnmeantCharacter, UNMEANT_CHARACTER_MESSAGE } from './file-encoding.ts';
import { exampleNumber, parseLocaleDecimal } from './locale-number.ts';

/** The two bulk campaigns (product.md "Bulk"): one row of the file is one write. */
export const BULK_KINDS = ['charges', 'migrations'] as const;
export type BulkKind = (typeof BULK_KINDS)[number];
/** Rows per file: a campaign is a working day's batch, not a data migration. */
export const MAX_BULK_ROWS = 10_000;
/** Rows are numbered as the spreadsheet numbers them: the header is row 1, the first data row 2 (issue 42). */
export const FIRST_DATA_ROW = 2;
/** The last row number a file can have: its header and MAX_BULK_ROWS data rows. */
export const LAST_ROW_NUMBER = MAX_BULK_ROWS + FIRST_DATA_ROW - 1;

/** The schema each row is checked with: the same as the single-write form's. */
export const BULK_ROW_SCHEMAS = {
  charges: chargeFormSchema,
  migrations: consumerMigrationFormSchema,
} as const satisfies Record<BulkKind, z.ZodMiniType>;

/**
 * The fields a row of each kind may give, with their kinds: the migration form's table, and the charge
 * form's fields as its schema has them.
 */
const BULK_FIELDS: Record<BulkKind, readonly FormField[]> = {
  charges: formFieldsOf(chargeFormSchema),
  migrations: MIGRATION_FIELDS,
};
const FIELD_BY_NAME: Record<BulkKind, ReadonlyMap<string, FormField>> = {
  charges: new Map(BULK_FIELDS.charges.map((field) => [field.name, field])),
  migrations: new Map(BULK_FIELDS.migrations.map((field) => [field.name, field])),
};

/**
 * Columns the BFF fills when a file leaves them out: a charge without `input_id` gets one derived from
 * the row's content and its occurrence in the file (generatedInputId), so a row is never booked twice.
 */
const GENERATED_COLUMNS: Record<BulkKind, readonly string[]> = { charges: ['input_id'], migrations: [] };
const PLACEHOLDER_INPUT_ID = 'generated-by-the-campaign';

/**
 * A charges file gives its amount in exactly one of two columns: `amount_cent` (whole cents, digits
 * only) or `amount_eur` (euros, at most two decimals, written as the file writes numbers: fileNumberLocale).
 */
export const AMOUNT_COLUMNS = ['amount_cent', 'amount_eur'] as const;
export const AMOUNT_CENT_MESSAGE = 'amount_cent is whole cents: 1000 for 10,00 €';
/** An unreadable `amount_eur`, with an example in the file's own way of writing numbers. */
export const amountEurMessage = (locale: FileNumberLocale) =>
  `amount_eur is euros with at most two decimals, written as this file writes numbers: ${exampleNumber(locale)}`;
const WHOLE_CENTS = /^\d+$/;

/**
 * How a bulk file writes numbers, told by its delimiter: Excel saves a German sheet with `;` (and `2.800` is
 * two thousand eight hundred, `2,8` two point eight), an English one with `,` (`2,800` / `2.8`). Every numeric
 * column of both kinds is read so, `amount_eur` included, with the forms' parser (parseLocaleDecimal).
 */
export type FileNumberLocale = 'de' | 'en';
export const fileNumberLocale = (delimiter: string): FileNumberLocale => (delimiter === ';' ? 'de' : 'en');

/** A number cell in the file's convention: the number, or the reason it cannot be read. */
export function readFileNumber(
  text: string,
  locale: FileNumberLocale,
): { ok: true; value: number; decimal: string } | { ok: false; message: string } {
  const sign = /^[+-]/.exec(text.trim())?.[0];
  const read = parseLocaleDecimal(sign ? text.trim().slice(1) : text, locale);
  if (!read.ok) return read;
  const decimal = sign === '-' && Number(read.value) !== 0 ? `-${read.value}` : read.value;
  return { ok: true, value: Number(decimal), decimal };
}

/** The columns a file of this kind may have: the API's scalar fields plus the path's ids. */
export function bulkColumns(kind: BulkKind): { name: string; required: boolean }[] {
  // A list (the relationships' rows) does not fit in one cell.
  const columns = BULK_FIELDS[kind]
    .filter((field) => field.kind !== 'list')
    .map(({ name, required }) => ({
      name,
      required:
        required &&
        !GENERATED_COLUMNS[kind].includes(name) &&
        !(kind === 'charges' && name === 'amount_cent'),
    }));
  if (kind === 'charges') columns.push({ name: 'amount_eur', required: false });
  return columns;
}

/**
 * The content a generated `input_id` is derived from: the contract and every field of the row as the
 * schema read it (so `amount_eur` 10,00 and `amount_cent` 1000 are the same row), keys sorted, without
 * `input_id` itself.
 */
export function canonicalRowContent(data: Record<string, unknown>): string {
  const sorted = (value: unknown): unknown =>
    isRecord(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .filter((key) => value[key] !== undefined)
            .map((key) => [key, sorted(value[key])]),
        )
      : Array.isArray(value)
        ? value.map(sorted)
        : value;
  const { input_id: _ignored, ...content } = data;
  return JSON.stringify(sorted(content));
}

/**
 * The `input_id` of a charge row whose file gave none (docs/spec-decisions.md): `bulk-`, the first 32 hex
 * digits of the SHA-256 of its canonical content, `-`, its occurrence among identical rows of the file
 * (1 for the first). The same file again, or a corrected copy, gives each row the same `input_id`.
 */
export function generatedInputId(contentSha256Hex: string, occurrence: number): string {
  return `bulk-${contentSha256Hex.slice(0, 32)}-${occurrence}`;
}

/**
 * Rows identical to an earlier row of the file — every field equal but `input_id`, the contract included — by
 * row number, each with the row it repeats (issue 42: two identical rows credited 12.50 € twice).
 */
export function identicalRepeats(
  rows: readonly { row: number; values: Record<string, unknown> }[],
): Map<number, number> {
  return repeatsByContent(rows.map(({ row, values }) => ({ row, content: canonicalRowContent(values) })));
}

/** The same from each row's canonical content, computed beforehand (the BFF does it in slices). */
export function repeatsByContent(rows: readonly { row: number; content: string }[]): Map<number, number> {
  const first = new Map<string, number>();
  const repeats = new Map<number, number>();
  for (const { row, content } of [...rows].sort((a, b) => a.row - b.row)) {
    const earlier = first.get(content);
    if (earlier === undefined) first.set(content, row);
    else repeats.set(row, earlier);
  }
  return repeats;
}

/** Fields whose values differ between two rows' contents (the row's own `input_id` aside). */
export function differingFields(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((key) => key !== 'input_id');
  return keys.filter((key) => JSON.stringify(a[key] ?? null) !== JSON.stringify(b[key] ?? null)).sort();
}

/**
 * Rows of one file that give a key already used by an earlier row with other content: a charge's
 * `input_id` on the same contract, a migration's user ID. The platform would keep only the first, so
 * the later ones are problems before anything is sent.
 */
export function conflictingDuplicates(
  kind: BulkKind,
  rows: readonly { row: number; values: Record<string, unknown> }[],
): BulkRowProblem[] {
  const first = new Map<string, { row: number; values: Record<string, unknown> }>();
  const problems: BulkRowProblem[] = [];
  for (const entry of rows) {
    const { values } = entry;
    const key =
      kind === 'charges'
        ? typeof values.input_id === 'string'
          ? JSON.stringify([values.user_id, values.contract_id, values.input_id])
          : null
        : JSON.stringify([values.user_id]);
    if (key === null) continue;
    const earlier = first.get(key);
    if (!earlier) {
      first.set(key, entry);
      continue;
    }
    const fields = differingFields(earlier.values, values);
    if (fields.length)
      problems.push({
        row: entry.row,
        column: kind === 'charges' ? 'input_id' : 'user_id',
        message: `Row ${earlier.row} has the same ${kind === 'charges' ? 'input_id' : 'user_id'} with other values (${fields.join(', ')}): only one of them can be booked.`,
      });
  }
  return problems;
}

/** Validates typed row values as the platform will receive them (a generated input_id counts as given). */
export function parseBulkRow(kind: BulkKind, values: Record<string, unknown>) {
  return BULK_ROW_SCHEMAS[kind].safeParse(withGeneratedPlaceholders(kind, values));
}

/** A row with what the BFF fills in later (a charge's `input_id`) stood in for, so the schema accepts it. */
function withGeneratedPlaceholders(kind: BulkKind, values: Record<string, unknown>): Record<string, unknown> {
  return kind === 'charges' && values.input_id === undefined
    ? { ...values, input_id: PLACEHOLDER_INPUT_ID }
    : values;
}

/** Unknown columns (typos, fields a file cannot hold) and missing required ones, before any row is read. */
export function checkBulkHeader(
  kind: BulkKind,
  header: readonly string[],
): { unknown: string[]; missing: string[]; amount: 'missing' | 'both' | null } {
  const columns = bulkColumns(kind);
  const known = new Set(columns.map((column) => column.name));
  const present = new Set(header.map((name) => name.trim()));
  const amounts = AMOUNT_COLUMNS.filter((name) => present.has(name)).length;
  return {
    unknown: [...present].filter((name) => name !== '' && !known.has(name)),
    missing: columns
      .filter((column) => column.required && !present.has(column.name))
      .map((column) => column.name),
    amount: kind !== 'charges' ? null : amounts === 0 ? 'missing' : amounts === 2 ? 'both' : null,
  };
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'ja', 'wahr', 'x']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'nein', 'falsch']);

/** One CSV record read as typed values: the values the row schema checks, and why any number cell was unreadable. */
export interface ReadBulkRow {
  /** Empty cells are absent; an unreadable number stays its text, so the schema refuses it. */
  values: Record<string, unknown>;
  /** Column → what is wrong with its number, in the file's convention. */
  unreadable: Map<string, string>;
}

/** One CSV record (text by column) as the typed values the row schema expects, numbers in the file's convention. */
export function bulkRowValues(
  kind: BulkKind,
  record: Record<string, string>,
  locale: FileNumberLocale = 'en',
): ReadBulkRow {
  const values: Record<string, unknown> = {};
  const unreadable = new Map<string, string>();
  for (const [name, raw] of Object.entries(record)) {
    const column = name.trim();
    const field = FIELD_BY_NAME[kind].get(column);
    const text = raw.trim();
    if (kind === 'charges' && column === 'amount_eur' && text !== '') {
      const euros = readFileNumber(text, locale);
      const [whole = '', fraction = ''] = euros.ok ? euros.decimal.split('.') : [];
      if (euros.ok && euros.value >= 0 && fraction.length <= 2)
        values.amount_cent = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
      else {
        values.amount_cent = text;
        unreadable.set('amount_cent', amountEurMessage(locale));
      }
      continue;
    }
    if (!field || text === '') continue;
    if (kind === 'charges' && column === 'amount_cent') {
      // Digits only: "10,00" or "1.000" in a cents column is a mistake, never 10 or 1 cents.
      values.amount_cent = WHOLE_CENTS.test(text) ? Number(text) : text;
      if (!WHOLE_CENTS.test(text)) unreadable.set('amount_cent', AMOUNT_CENT_MESSAGE);
      continue;
    }
    switch (field.kind) {
      case 'number': {
        const number = readFileNumber(text, locale);
        values[column] = number.ok ? number.value : text;
        if (!number.ok) unreadable.set(column, number.message);
        break;
      }
      case 'boolean': {
        const word = text.toLowerCase();
        values[column] = TRUE_WORDS.has(word) ? true : FALSE_WORDS.has(word) ? false : text;
        break;
      }
      default:
        values[column] = text;
    }
  }
  return { values, unreadable };
}

export interface BulkRowProblem {
  /** The spreadsheet's row number (the header is row 1). */
  row: number;
  column: string;
  message: string;
}

/** Checks one row with the kind's schema: the typed values, or every problem by column. */
export function checkBulkRow(
  kind: BulkKind,
  row: number,
  record: Record<string, string>,
  locale: FileNumberLocale = 'en',
): { ok: true; values: Record<string, unknown> } | { ok: false; problems: BulkRowProblem[] } {
  const { values, unreadable } = bulkRowValues(kind, record, locale);
  // A cell with a character no one meant (what a wrong decoding leaves) would print as garbage: never sent.
  const garbled: BulkRowProblem[] = Object.entries(record)
    .filter(([, raw]) => hasUnmeantCharacter(raw))
    .map(([name]) => ({ row, column: name.trim(), message: UNMEANT_CHARACTER_MESSAGE }));
  const result = parseBulkRow(kind, values);
  if (result.success && garbled.length === 0) return { ok: true, values };
  const fromEuros = kind === 'charges' && Object.keys(record).some((name) => name.trim() === 'amount_eur');
  return {
    ok: false,
    problems: [...garbled, ...(result.error?.issues ?? [])].map((issue) => {
      if ('row' in issue) return issue;
      const path = issue.path.length ? String(issue.path[0]) : '—';
      // The amount is read from one of two columns: name the file's own.
      const column = path === 'amount_cent' && fromEuros ? 'amount_eur' : path;
      // A number the file's convention cannot read: say how it writes numbers, not only "not a number".
      return { row, column, message: unreadable.get(path) ?? issue.message };
    }),
  };
}

export type { ChargeTotal } from './charge-schedule.ts';

/**
 * Totals of a charges file as it would be booked: every execution of every row, at the VAT rate of its
 * own due date (the schedule rules of the single form), by type and rate.
 */
export function chargeTotals(rows: readonly Record<string, unknown>[]): ChargeTotal[] {
  return sumChargeTotals(
    rows.flatMap((values) => {
      const parsed = BULK_ROW_SCHEMAS.charges.safeParse(withGeneratedPlaceholders('charges', values));
      return parsed.success
        ? [{ type: parsed.data.type_of_transaction, executions: chargeSchedule(parsed.data) }]
        : [];
    }),
  );
}

const rowNumberSchema = z
  .int({ message: 'A row number is a whole number.' })
  .check(
    z.minimum(1, { message: `A row number is between 1 and ${LAST_ROW_NUMBER}.` }),
    z.maximum(LAST_ROW_NUMBER, { message: `A row number is between 1 and ${LAST_ROW_NUMBER}.` }),
  );

/** A row of the file that is not sent: its number, what it names, and its problems as the check showed them. */
export const bulkInvalidRowSchema = z.object({
  row: rowNumberSchema,
  user_id: z.optional(z.string().check(z.maxLength(200))),
  contract_id: z.optional(z.string().check(z.maxLength(200))),
  input_id: z.optional(z.string().check(z.maxLength(200))),
  message: z.string().check(z.maxLength(2000)),
});
export type BulkInvalidRow = z.infer<typeof bulkInvalidRowSchema>;

/** One row to send: the file's data row (a file holds at most MAX_BULK_ROWS of them) and its values. */
export const bulkCampaignRowSchema = z.object({
  row: rowNumberSchema,
  values: z.record(z.string(), z.unknown()),
});

/** What is wrong with a request's rows as a whole (too many, a row number twice), or null. */
export function campaignRowsProblem(
  rows: readonly { row: number }[],
  invalid: readonly { row: number }[],
): string | null {
  if (rows.length + invalid.length > MAX_BULK_ROWS) return `A campaign takes at most ${MAX_BULK_ROWS} rows.`;
  const seen = new Set<number>();
  for (const { row } of [...rows, ...invalid]) {
    if (seen.has(row)) return `Row ${row} is given twice: each row once.`;
    seen.add(row);
  }
  return null;
}

const campaignRequest = <Row extends z.ZodMiniType>(row: Row) =>
  z.object({
    kind: z.enum(BULK_KINDS),
    fileName: z.string().check(z.minLength(1), z.maxLength(255)),
    rows: z
      .array(row)
      .check(
        z.minLength(1, { message: 'The file has no rows to send.' }),
        z.maxLength(MAX_BULK_ROWS, { message: `A campaign takes at most ${MAX_BULK_ROWS} rows.` }),
      ),
    invalid: z._default(
      z
        .array(bulkInvalidRowSchema)
        .check(z.maxLength(MAX_BULK_ROWS, { message: `A campaign takes at most ${MAX_BULK_ROWS} rows.` })),
      [],
    ),
    /**
     * "Book identical rows too" (issue 42): a row identical to an earlier row of the file (every field but
     * `input_id`) is booked as well; unset, it is not sent and its status is `duplicate`.
     */
    bookIdenticalRows: z._default(z.boolean(), false),
  });

/**
 * `POST /bff/bulk/campaigns`: the checked rows of one file — the rows to send, and the rows with
 * problems (`invalid`, kept so the results have one row per row of the file).
 */
export const bulkCampaignRequestSchema = campaignRequest(bulkCampaignRowSchema).check(
  z.superRefine(({ rows, invalid }, context) => {
    const problem = campaignRowsProblem(rows, invalid);
    if (problem) context.addIssue({ code: 'custom', path: ['rows'], message: problem });
  }),
);
export type BulkCampaignRequest = z.input<typeof bulkCampaignRequestSchema>;

/**
 * The same request with its rows to send not yet looked into: the BFF checks this at once and the up to
 * 10,000 rows with `bulkCampaignRowSchema` in slices, then `campaignRowsProblem` — so a big file does not
 * hold other staff's requests (issue 24). Together they are `bulkCampaignRequestSchema`.
 */
export const bulkCampaignEnvelopeSchema = campaignRequest(z.unknown());

/** `GET /bff/bulk/campaigns?kind=`: a kind narrows the list; anything else lists every kind. */
export const bulkCampaignListQuerySchema = z.object({
  kind: z.catch(z.optional(z.enum(BULK_KINDS)), undefined),
});

/** A row of the file that an earlier campaign sent with the same `input_id` (charges) or user ID (migrations). */
export const bulkPriorRunSchema = z.object({
  row: z.int(),
  inputId: z.nullable(z.string()),
  campaignId: z.string(),
  fileName: z.string(),
  owner: z.string(),
  ownerDisplayName: z.nullable(z.string()),
  createdAt: z.string(),
  /** The earlier row's result (`unknown` while it may still be booked). */
  status: z.string(),
  message: z.nullable(z.string()),
  notice: z.nullable(bulkRowNoticeSchema),
});
export const bulkPriorRunsSchema = z.object({
  /** Rows of the file with an earlier run, the latest run for each; at most 1000 listed. */
  rows: z.array(bulkPriorRunSchema),
  /** Rows of the file with an earlier run in all. */
  total: z.int(),
});
export type BulkPriorRuns = z.infer<typeof bulkPriorRunsSchema>;

export const BULK_CAMPAIGN_STATUSES = [
  'awaiting_approval',
  'running',
  'paused',
  'cancelled',
  'done',
] as const;
/**
 * A row's final state: `created` (the platform booked it, or confirmed an earlier unanswered attempt had),
 * `refused` (the platform said no), `skipped` (booked before: by the console with the same content, or
 * found on the platform without the console having sent it — then flagged for review), `conflict` (the
 * `input_id` was booked by the console with other content), `failed` (never booked: the platform could
 * not be reached or answered errors for the whole retry window), `unknown` (sent, and no answer came for
 * the whole retry window: it may be booked), `invalid` (not sent: the file's row has problems).
 * The results add `not_sent` for rows a cancelled (or unfinished) campaign did not send.
 */
export const BULK_ROW_OUTCOMES = [
  'created',
  'refused',
  'skipped',
  'conflict',
  'failed',
  'unknown',
  'invalid',
  'duplicate',
] as const;
export type BulkRowOutcome = (typeof BULK_ROW_OUTCOMES)[number];

export const bulkCampaignSchema = z.object({
  id: z.string(),
  kind: z.enum(BULK_KINDS),
  fileName: z.string(),
  owner: z.string(),
  ownerDisplayName: z.nullable(z.string()),
  status: z.enum(BULK_CAMPAIGN_STATUSES),
  createdAt: z.string(),
  finishedAt: z.nullable(z.string()),
  total: z.int(),
  /** Rows not yet answered (waiting, or in flight) that no attempt can have booked yet. */
  pending: z.int(),
  /** `unknown`: rows sent without an answer — re-sent until the platform answers, or final. */
  counts: z.object({
    created: z.int(),
    refused: z.int(),
    skipped: z.int(),
    conflict: z.int(),
    failed: z.int(),
    unknown: z.int(),
    invalid: z.int(),
    /** Rows identical to an earlier row of the file, not sent (issue 42). */
    duplicate: z.int(),
  }),
  /** Rows answered per second over the last minute; null before any. */
  ratePerSecond: z.nullable(z.number()),
  /** A campaign at or above BFF_APPROVAL_FROM_CENT: its approval (status `awaiting_approval` until approved). */
  approvalId: z.nullable(z.string()),
});
export type BulkCampaign = z.infer<typeof bulkCampaignSchema>;

/** The results' statuses (product.md, pinned): the row outcomes plus `not_sent`. */
export const BULK_RESULT_STATUSES = [...BULK_ROW_OUTCOMES, 'not_sent'] as const;

/** A row that was not created, as the campaign page lists it (`GET /bff/bulk/campaigns/:id/rows`). */
export const bulkResultRowSchema = z.object({
  row: z.int(),
  userId: z.string(),
  contractId: z.nullable(z.string()),
  inputId: z.nullable(z.string()),
  status: z.enum(BULK_RESULT_STATUSES),
  message: z.nullable(z.string()),
  /** What the console itself says about the row, by code (`message` has its English). */
  notice: z.nullable(bulkRowNoticeSchema),
  /** Found on the platform without the console having booked it: someone should look at it. */
  review: z.boolean(),
});
export const bulkResultRowsSchema = z.object({
  /** Rows not created (skipped rows only when flagged for review), in file order; at most 1000. */
  rows: z.array(bulkResultRowSchema),
  total: z.int(),
});
export type BulkResultRows = z.infer<typeof bulkResultRowsSchema>;

/**
 * The results download's language (issue 42): German is what German Excel opens as its own — `;`, a BOM, and the
 * status in words in an extra column `status_text` beside the pinned English `status`. English is the pinned
 * header as it was.
 */
export const bulkResultsQuerySchema = z.object({ language: z._default(z.enum(['en', 'de']), 'en') });

/** The results' statuses in German words, as the console shows them (its catalogue says the same). */
export const BULK_RESULT_STATUS_TEXT_DE: Record<(typeof BULK_RESULT_STATUSES)[number], string> = {
  created: 'angelegt',
  refused: 'abgelehnt',
  skipped: 'übersprungen',
  conflict: 'Konflikt',
  failed: 'fehlgeschlagen',
  unknown: 'unbekannt',
  invalid: 'ungültig',
  duplicate: 'doppelt',
  not_sent: 'nicht gesendet',
};

/** The results download: one row per input row. */
export const BULK_RESULTS_CSV_HEADER = [
  'row',
  'user_id',
  'contract_id',
  'input_id',
  'status',
  'message',
] as const;
