/**
 * The fields of a form schema as forms and bulk files read them: each field's kind and whether the
 * schema requires it, derived from the zod schema itself so no list of fields is written twice.
 */
import { z } from 'zod/mini';

/**
 * How a field is typed and read: `text` (strings, choices, dates), `number` (typed in the locale, or as
 * a spreadsheet writes it), `boolean`, `json` (an object, typed as JSON text) and `list` (rows of fields).
 */
export const FIELD_KINDS = ['text', 'number', 'boolean', 'json', 'list'] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

export interface FormField {
  name: string;
  kind: FieldKind;
  /** The schema refuses the field's absence. */
  required: boolean;
  /** The fields of one row of a `list` (empty for the other kinds). */
  rowFields: readonly string[];
}

const KIND_OF_TYPE: Partial<Record<z.core.$ZodTypeDef['type'], FieldKind>> = {
  string: 'text',
  enum: 'text',
  literal: 'text',
  number: 'number',
  int: 'number',
  boolean: 'boolean',
  record: 'json',
  object: 'json',
  array: 'list',
};

/** The field under its optional/nullable/default wrappers and refining pipes. */
function baseOf(schema: z.core.$ZodType): z.core.$ZodType {
  if (
    schema instanceof z.core.$ZodOptional ||
    schema instanceof z.core.$ZodNullable ||
    schema instanceof z.core.$ZodDefault
  )
    return baseOf(schema._zod.def.innerType);
  if (schema instanceof z.core.$ZodPipe) return baseOf(schema._zod.def.in);
  return schema;
}

/** The object shape of a form schema (a pipe, as a transforming schema is, is read at its input). */
function shapeOf(schema: z.core.$ZodType): Readonly<Record<string, z.core.$ZodType>> {
  const base = baseOf(schema);
  if (base instanceof z.core.$ZodObject) return base._zod.def.shape;
  throw new Error(`A form schema is an object, not ${base._zod.def.type}.`);
}

function kindOf(name: string, schema: z.core.$ZodType): FieldKind {
  const type = baseOf(schema)._zod.def.type;
  const kind = KIND_OF_TYPE[type];
  // A new kind of field needs a decision how forms and files read it: fail loudly, at load.
  if (!kind) throw new Error(`The field ${name} is a ${type}: no form or file reads that kind yet.`);
  return kind;
}

function rowFieldsOf(schema: z.core.$ZodType): readonly string[] {
  const base = baseOf(schema);
  return base instanceof z.core.$ZodArray ? Object.keys(shapeOf(base._zod.def.element)) : [];
}

/** Every field of a form schema, in the schema's order. */
export function formFieldsOf(schema: z.core.$ZodType): FormField[] {
  return Object.entries(shapeOf(schema)).map(([name, field]) => ({
    name,
    kind: kindOf(name, field),
    required: !z.safeParse(field, undefined).success,
    rowFields: rowFieldsOf(field),
  }));
}
