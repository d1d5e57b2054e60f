import { z } from 'zod/mini';
import type { OperationId } from './api/operations.ts';
import { isValidIBAN } from 'ibantools';
import { isRecord } from './is-record.ts';
import { chargeRequestSchema, type ChargeRequest } from './api/charges.ts';
import { approvalTotalSchema } from './approvals.ts';
import { chargeSchedule, sumChargeTotals, type ChargeTotal } from './charge-schedule.ts';

/*
 * The console's records (issue 29, product.md "Records and search"): every write sent through the console
 * — single, bulk and approved — kept with what was sent and what the platform answered, who and when.
 * The platform has no reads for consumers, charges or contracts (spec 4.9), so the console remembers
 * what it did. Unlike the audit (ids only) records hold personal data: BFF_RECORDS_RETENTION_DAYS.
 */

/** `BFF_RECORDS_RETENTION_DAYS`'s default. */
export const DEFAULT_RECORDS_RETENTION_DAYS = 365;

export const RECORD_OPERATIONS = ['consumer_migration', 'charges', 'technical_resource'] as const;
export type RecordOperation = (typeof RECORD_OPERATIONS)[number];

/** The platform operation each kind of record comes from. */
export const RECORD_OPERATION_OF: Partial<Record<string, RecordOperation>> &
  Partial<Record<OperationId, RecordOperation>> = {
  migrations_consumers_create: 'consumer_migration',
  producers_contracts_charges_and_credits_create: 'charges',
  master_data_changes_redispatch_technical_resources_create: 'technical_resource',
};

/** `single`: a form (or any client) through `/api`; `bulk`: a campaign's row; `approval`: an approved request. */
export const RECORD_SOURCES = ['single', 'bulk', 'approval'] as const;
export type RecordSource = (typeof RECORD_SOURCES)[number];

/**
 * What came of the write: `created` (2xx, or a retry after an unanswered attempt that the platform refused as
 * "already exists": the first one was stored), `refused` (4xx: nothing stored there), or `unknown` (no answer,
 * or a 5xx: it may or may not be stored; sending the same `input_id` again is safe).
 */
export const RECORD_OUTCOMES = ['created', 'refused', 'unknown'] as const;
export type RecordOutcome = (typeof RECORD_OUTCOMES)[number];

export function recordOutcome(upstreamStatus: number | null, confirmedByRetry = false): RecordOutcome {
  if (confirmedByRetry) return 'created';
  if (upstreamStatus === null || upstreamStatus === 0 || upstreamStatus >= 500) return 'unknown';
  if (upstreamStatus < 300) return 'created';
  return 'refused';
}

/** A page of the console: a path of this origin, never another site's address (`//host`, `https:`). */
export const consolePathSchema = z
  .string()
  .check(z.regex(/^\/(?![/\\])/, { message: 'Must be a path of the console.' }));

/** Why an earlier record looks like the same consumer or resource. */
export const DUPLICATE_REASONS = ['market_location', 'name_and_address', 'technical_resource_id'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

/** An earlier successful write that a new one repeats. */
export const duplicateSchema = z.object({
  record_id: z.string(),
  reason: z.enum(DUPLICATE_REASONS),
  /** The consumer's user ID (migrations) or the resource's contract ID (technical resources). */
  user_id: z.nullable(z.string()),
  contract_id: z.nullable(z.string()),
  technical_resource_id: z.nullable(z.string()),
  recorded_at: z.iso.datetime(),
  recorded_by: z.string(),
  url: consolePathSchema,
});
export type Duplicate = z.infer<typeof duplicateSchema>;

/**
 * The header a client sends with a write it sends despite the duplicate warning (the deliberate second
 * click): its value lists the record ids it was warned about, comma-separated. The record keeps it.
 */
export const DUPLICATE_ACKNOWLEDGED_HEADER = 'x-duplicate-acknowledged';

/**
 * A booking that went through four eyes: who asked for it and when, who approved it and when. The record
 * itself is kept under the person who asked (recorded_by) at the time it was sent, after the approval.
 */
export const recordApprovalSchema = z.object({
  requested_by: z.string(),
  requested_by_display_name: z.nullable(z.string()),
  requested_at: z.iso.datetime(),
  approved_by: z.string(),
  approved_by_display_name: z.nullable(z.string()),
  approved_at: z.iso.datetime(),
});
export type RecordApproval = z.infer<typeof recordApprovalSchema>;

export const recordSchema = z.object({
  id: z.string(),
  operation: z.enum(RECORD_OPERATIONS),
  source: z.enum(RECORD_SOURCES),
  /** The campaign (bulk) or the approval (approval) the write belongs to. */
  source_id: z.nullable(z.string()),
  user_id: z.nullable(z.string()),
  contract_id: z.nullable(z.string()),
  input_id: z.nullable(z.string()),
  technical_resource_id: z.nullable(z.string()),
  /** The JSON body sent to the platform; bank data masked for viewers. */
  sent: z.unknown(),
  upstream_status: z.nullable(z.int()),
  /** The platform's answer body (null: none, or not JSON); bank data masked for viewers. */
  upstream_body: z.unknown(),
  outcome: z.enum(RECORD_OUTCOMES),
  recorded_by: z.string(),
  recorded_by_display_name: z.nullable(z.string()),
  recorded_at: z.iso.datetime(),
  /** Earlier records this write repeats, found when it was sent (see DUPLICATE_ACKNOWLEDGED_HEADER). */
  duplicate_of: z.array(z.string()),
  /** Whether the sender was warned and sent anyway (the second click). */
  duplicate_acknowledged: z.boolean(),
  /** True when bank data in `sent`/`upstream_body` was masked for this reader (a viewer). */
  bank_data_masked: z.boolean(),
  /** The approval it was sent after (source `approval`); null for any other record. */
  approval: z.nullable(recordApprovalSchema),
});
export type ConsoleRecord = z.infer<typeof recordSchema>;

export const recordParamsSchema = z.object({ id: z.string().check(z.regex(/^\d{1,18}$/)) });
const idParam = z
  .string()
  .check(z.maxLength(64), z.regex(/^[\w-]+$/, { message: 'Use letters, digits, underscores and hyphens.' }));
export const consumerRecordsParamsSchema = z.object({ userID: idParam });
export const contractRecordsParamsSchema = z.object({ userID: idParam, contractID: idParam });

/** `GET /bff/records/consumers/{userID}`: the consumer's migrations through the console, newest first. */
export const consumerRecordsSchema = z.object({
  user_id: z.string(),
  records: z.array(recordSchema),
});
export type ConsumerRecords = z.infer<typeof consumerRecordsSchema>;

/**
 * `GET /bff/records/contracts/{userID}/{contractID}`: every booking on the contract through the console
 * (single, bulk, approved), newest first, the technical resources registered for it, and the producer's
 * name when the console knows one (a migration of that user ID).
 */
export const contractRecordsSchema = z.object({
  user_id: z.string(),
  contract_id: z.string(),
  producer_name: z.nullable(z.string()),
  /** Every booking on the contract through the console; `bookings` lists the newest of them. */
  bookings_count: z.int(),
  /** Accepted bookings per year of due date, type and VAT rate, over all of them (not only those listed). */
  totals: z.array(z.extend(approvalTotalSchema, { year: z.int() })),
  bookings: z.array(recordSchema),
  technical_resources: z.array(recordSchema),
});
export type ContractRecords = z.infer<typeof contractRecordsSchema>;

/** `POST /bff/records/duplicates`: what the console sent before that a new write would repeat. */
export const duplicateCheckSchema = z.discriminatedUnion('operation', [
  z.object({
    operation: z.literal('consumer_migration'),
    user_id: z.string().check(z.maxLength(64)),
    meteringpoint_id: z.optional(z.string().check(z.maxLength(64))),
    first_name: z.optional(z.string().check(z.maxLength(255))),
    last_name: z.optional(z.string().check(z.maxLength(255))),
    company_name: z.optional(z.string().check(z.maxLength(255))),
    deliv_address_zipcode: z.optional(z.string().check(z.maxLength(64))),
    deliv_address_street: z.optional(z.string().check(z.maxLength(255))),
    deliv_address_house_number: z.optional(z.string().check(z.maxLength(64))),
  }),
  z.object({
    operation: z.literal('technical_resource'),
    technical_resource_id: z.string().check(z.maxLength(64)),
  }),
]);
export type DuplicateCheck = z.infer<typeof duplicateCheckSchema>;
export const duplicatesSchema = z.object({ duplicates: z.array(duplicateSchema) });

/* ---- search ---- */

export const SEARCH_KINDS = ['consumer', 'contract', 'booking', 'technical_resource'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
export const MAX_SEARCH_RESULTS = 20;
export const MAX_SEARCH_QUERY_LENGTH = 200;

/** `GET /bff/search?q=&kind=`: an empty `q` gives the most recent records. */
export const searchQuerySchema = z.object({
  q: z._default(
    z.string().check(
      z.maxLength(MAX_SEARCH_QUERY_LENGTH, {
        message: `Use at most ${MAX_SEARCH_QUERY_LENGTH} characters.`,
      }),
    ),
    '',
  ),
  kind: z.optional(z.enum(SEARCH_KINDS)),
});

export const searchResultSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  title: z.string(),
  /** IDs and names only: the console words the transaction and the day in its language. */
  subtitle: z.string(),
  url: consolePathSchema,
  /** A booking's type and amount per execution, as sent. */
  transaction: z.optional(z.nullable(z.object({ type: z.enum(['charge', 'credit']), amount_cent: z.int() }))),
  /** The day (Berlin) of the record, or of a contract's latest booking through the console. */
  day: z.optional(z.nullable(z.iso.date())),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
export const searchResponseSchema = z.object({ results: z.array(searchResultSchema) });

/** Letters NFKD does not take apart: folded by hand. */
const LETTERS: Record<string, string> = { ł: 'l', ø: 'o', æ: 'ae', œ: 'oe', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/**
 * Text as search compares it: lower case, accents and umlauts folded to their base letter, `ß` as `ss`,
 * `ł`/`ø`/`æ` as `l`/`o`/`ae` ("Müller" → "muller", "Łukasz" → "lukasz"), control characters dropped, runs of
 * white space as one.
 */
export function foldSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[łøæœđðþı]/g, (letter) => LETTERS[letter]!)
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The longest term kept (and the longest query word compared). */
export const MAX_TERM_LENGTH = 64;

const GERMAN_UMLAUTS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'ae', Ö: 'oe', Ü: 'ue' };

/**
 * The words a record is found by: each folded word, its parts split at punctuation (`K-100234` also as
 * `100234`), and the German spelling of umlauts (`Müller` also as `mueller`).
 */
export function searchTerms(...texts: (string | null | undefined)[]): string[] {
  const terms = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const word of text.replace(/\p{Cc}/gu, ' ').split(/\s+/)) {
      const folded = trimPunctuation(foldSearchText(word)).slice(0, MAX_TERM_LENGTH);
      if (!folded) continue;
      terms.add(folded);
      for (const part of folded.split(/[^\p{L}\p{N}]+/u)) if (part) terms.add(part);
      const spelled = word.replace(/[äöüÄÖÜ]/g, (umlaut) => GERMAN_UMLAUTS[umlaut]!);
      if (spelled !== word) terms.add(trimPunctuation(foldSearchText(spelled)).slice(0, MAX_TERM_LENGTH));
    }
  }
  return [...terms];
}

/** A word without the punctuation around it ("Müller," → "müller", "(K-1)" → "K-1"). */
function trimPunctuation(word: string): string {
  return word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

/**
 * The words of a query, folded and cut like terms: a record matches when each starts one of its terms. At
 * most eight distinct words.
 */
export function queryWords(query: string): string[] {
  const words = foldSearchText(query)
    .split(' ')
    .map((word) => trimPunctuation(word).slice(0, MAX_TERM_LENGTH))
    .filter(Boolean);
  return [...new Set(words)].slice(0, 8);
}

/* ---- pages ---- */

export const consumerUrl = (userId: string) => `/consumers/${encodeURIComponent(userId)}`;
export const contractUrl = (userId: string, contractId: string) =>
  `/producers/${encodeURIComponent(userId)}/contracts/${encodeURIComponent(contractId)}`;
export const recordUrl = (id: string) => `/records/${encodeURIComponent(id)}`;

/**
 * The bank account a migration sends: a viewer never reads these, whatever their value looks like (issue 41:
 * masked by field, not by guessing from the value — `nl91 abna 0417 1643 00` is an IBAN too).
 */
export const BANK_ACCOUNT_FIELDS = [
  'bank_data_iban',
  'bank_data_bic',
  'bank_data_first_name',
  'bank_data_last_name',
] as const;
/** Fields of which a viewer sees at most the year. */
export const YEAR_ONLY_FIELDS = ['birthday'] as const;
/** What a viewer sees in place of a masked value. */
export const MASKED = '••••';

/**
 * An IBAN as a viewer sees it: country, check digits and the last four characters (`DE89 •••• 3000`), however
 * it was typed (spaces, dashes, lower case); anything not shaped like an IBAN as `••••`.
 */
export function maskIban(iban: string): string {
  const compact = iban.replace(/[^\p{L}\p{N}]+/gu, '').toUpperCase();
  if (compact.length < 12 || !/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(compact)) return MASKED;
  return `${compact.slice(0, 4)} ${MASKED} ${compact.slice(-4)}`;
}

/** A birthday as a viewer sees it: its year (`1980`), or `••••` when none can be told. */
export function maskToYear(value: string): string {
  return /(?<!\d)(1[89]\d\d|2\d\d\d)(?!\d)/.exec(value)?.[1] ?? MASKED;
}

/** Other members that are bank data wherever they occur (a `payer_iban` in product_specifics, a card, …). */
const BANK_DATA_KEY = /(^|_)(iban|bic|sepa|card|account_number|kontonummer)(_|$)/i;
/**
 * An IBAN inside any other text (a message quoting it, a free-form member), in any case and spacing: two
 * letters, two digits, 11–30 more. Lower-case text counts only when its check digits hold (not every word
 * with two digits is an IBAN).
 */
const IBAN_IN_TEXT = /\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){11,30}\b/gi;

const isBankField = (key: string) =>
  (BANK_ACCOUNT_FIELDS as readonly string[]).includes(key.toLowerCase()) || BANK_DATA_KEY.test(key);
const isYearOnlyField = (key: string) => (YEAR_ONLY_FIELDS as readonly string[]).includes(key.toLowerCase());

function maskIbansInText(text: string): string {
  return text.replace(IBAN_IN_TEXT, (found) => {
    if (found === found.toUpperCase()) return maskIban(found);
    // The match may run on into the words after it ("… 1643 00 is blocked"): the longest valid start counts.
    const groups = found.split(' ');
    for (let count = groups.length; count > 0; count--) {
      const candidate = groups.slice(0, count).join('');
      if (isValidIBAN(candidate.toUpperCase())) {
        return [maskIban(candidate), ...groups.slice(count)].join(' ');
      }
    }
    return found;
  });
}

/** An IBAN field's value: a message quoting the IBAN keeps its words, anything else is the IBAN. */
function maskIbanField(value: string): string {
  const inText = maskIbansInText(value);
  return inText !== value ? inText : maskIban(value);
}

/** Every value of a masked field, at any depth inside it: strings by `maskString`, other values as `••••`. */
function maskValue(value: unknown, maskString: (text: string) => string): unknown {
  if (value === null || value === undefined || value === '') return value;
  if (typeof value === 'string') return maskString(value);
  if (Array.isArray(value)) return value.map((item) => maskValue(item, maskString));
  if (isRecord(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([member, item]) => [member, maskValue(item, maskString)]),
    );
  }
  return MASKED;
}

function maskBody(body: unknown, key: string, yearOnly: boolean): unknown {
  if (isBankField(key)) return maskValue(body, /iban/i.test(key) ? maskIbanField : () => MASKED);
  if (yearOnly && isYearOnlyField(key)) return maskValue(body, maskToYear);
  if (typeof body === 'string') {
    const masked = maskIbansInText(body);
    return masked === body ? body : masked;
  }
  if (Array.isArray(body)) {
    const items = body.map((item) => maskBody(item, key, yearOnly));
    return items.some((item, index) => item !== body[index]) ? items : body;
  }
  if (isRecord(body)) {
    let changed = false;
    const masked = Object.fromEntries(
      Object.entries(body).map(([member, value]) => {
        const next = maskBody(value, member, yearOnly);
        if (next !== value) changed = true;
        return [member, next];
      }),
    );
    return changed ? masked : body;
  }
  return body;
}

/**
 * A body with its bank data masked, at any depth: the bank account fields and members named like bank data by
 * field, whatever their value (IBANs as maskIban, everything else as `••••`, a field error about them too),
 * and IBANs inside any other text. The same value back when there was nothing to mask.
 */
export function maskBankData(body: unknown): unknown {
  return maskBody(body, '', false);
}

/** Whether a body holds bank data a viewer may not read (reading it is audited). */
export function holdsBankData(body: unknown): boolean {
  return maskBankData(body) !== body;
}

/**
 * A stored body as a viewer may read it: bank data masked (maskBankData) and of a birthday only the year.
 * The BFF applies it before answering, so a viewer's browser never receives the values.
 */
export function maskForViewer(body: unknown): unknown {
  return maskBody(body, '', true);
}

/* ---- bookings ---- */

/** A booking record's request, when it parses as one (records keep what was sent, as sent). */
export function bookingRequest(record: Pick<ConsoleRecord, 'operation' | 'sent'>): ChargeRequest | null {
  if (record.operation !== 'charges') return null;
  const parsed = chargeRequestSchema.safeParse(record.sent);
  return parsed.success ? parsed.data : null;
}

export interface YearTotal extends ChargeTotal {
  year: number;
}

/**
 * Booked amounts per year of the due date, type and VAT rate, over every execution of the bookings the
 * platform accepted (`created`): what the contract page sums up.
 */
export function bookingTotalsByYear(
  records: readonly Pick<ConsoleRecord, 'operation' | 'sent' | 'outcome'>[],
): YearTotal[] {
  const byYear = new Map<
    number,
    { type: 'charge' | 'credit'; executions: ReturnType<typeof chargeSchedule> }[]
  >();
  for (const record of records) {
    if (record.outcome !== 'created') continue;
    const request = bookingRequest(record);
    if (!request) continue;
    for (const execution of chargeSchedule(request)) {
      const year = Number(execution.due_date.slice(0, 4));
      const items = byYear.get(year) ?? [];
      items.push({ type: request.type_of_transaction, executions: [execution] });
      byYear.set(year, items);
    }
  }
  return [...byYear.entries()]
    .sort(([a], [b]) => b - a)
    .flatMap(([year, items]) => sumChargeTotals(items).map((total) => ({ year, ...total })));
}

/** The suffix of a reversal's `input_id`. */
export const REVERSAL_SUFFIX = '-reversal';

/**
 * The booking that undoes another: the opposite type, the same amounts, VAT type, executions and cycle,
 * `input_id` = original + `-reversal`, and `explanation` (the console words it in the staff's language, naming
 * the original) before the original's own explanation.
 */
export function reversalOf(original: ChargeRequest, explanation: string): ChargeRequest {
  return {
    ...original,
    type_of_transaction: original.type_of_transaction === 'charge' ? 'credit' : 'charge',
    // Not cut to 128 characters: a cut one could equal another booking's; the form says it is too long.
    input_id: `${original.input_id}${REVERSAL_SUFFIX}`,
    explanation_text: original.explanation_text
      ? `${explanation} ${original.explanation_text}`.slice(0, 2000)
      : explanation,
  };
}

/** Whether a booking is itself a reversal (undoing it would book the original again: a booking of its own). */
export const isReversal = (inputId: string) => inputId.endsWith(REVERSAL_SUFFIX);

/* ---- duplicates ---- */

/**
 * Text as duplicate keys compare it: folded, letters and digits only, and "ae"/"oe"/"ue" as the plain vowel,
 * so "Müller", "Mueller" and "MULLER" are one name (a rare false match only warns).
 */
function foldKey(text: string): string {
  return foldSearchText(text)
    .replace(/[^\p{L}\p{N}]+/gu, '')
    .replace(/([aou])e/g, '$1');
}

/** A street as compared: "Hauptstraße", "Haupt-Str." and "Hauptstr." alike. */
function foldStreet(street: string): string {
  return foldKey(street).replace(/str$/, 'strasse');
}

/** The consumer's name as shown: the company, else first and last name. */
export function migrationSubjectName(body: {
  company_name?: string | null | undefined;
  first_name?: string | null | undefined;
  last_name?: string | null | undefined;
}): string | null {
  const company = body.company_name?.trim();
  if (company) return company;
  const person = [body.first_name, body.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return person || null;
}

/**
 * The same person at the same address, as compared for duplicate warnings: name, postcode, street and house
 * number, folded. Null when any of them is missing (nothing to compare).
 */
export function nameAddressKey(body: {
  company_name?: string | null | undefined;
  first_name?: string | null | undefined;
  last_name?: string | null | undefined;
  deliv_address_zipcode?: string | null | undefined;
  deliv_address_street?: string | null | undefined;
  deliv_address_house_number?: string | null | undefined;
}): string | null {
  const name = migrationSubjectName(body);
  const zip = body.deliv_address_zipcode?.replace(/\D+/g, '');
  const street = body.deliv_address_street && foldStreet(body.deliv_address_street);
  const house = body.deliv_address_house_number && foldKey(body.deliv_address_house_number);
  if (!name || !zip || !street || !house) return null;
  return [foldKey(name), zip, street, house].join('|');
}
