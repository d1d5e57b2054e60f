import type { SearchSchemaInput } from '@tanstack/react-router';

/**
 * A route's query as the address holds it (the router's reading: JSON where a value parses as JSON, else
 * text), each value unchecked. Its page reads it with the route's zod schema, which loads with the page's
 * code: the route tree is in the shell, and zod with nine schemas was a tenth of it (docs/decisions/0049).
 */
export type AddressSearch<Input> = { readonly [Key in keyof Input]?: unknown };

/**
 * A route's `validateSearch` that keeps the address's values as they are, typed for links by the schema's
 * input (`Input`): a `<Link search>` is checked against the schema, and the page parses what arrives.
 */
export const addressSearch =
  <Input extends object>() =>
  (search: Input & SearchSchemaInput): AddressSearch<Input> =>
    search;
