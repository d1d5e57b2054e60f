import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod/mini';
import { formErrorMap, type MessageCatalogue } from './form-error-map.ts';

/**
 * The resolver of a form that holds text as typed: `toCandidate` turns it into what the form would
 * send, and the contract's schema judges that, in the words of the feature's catalogue.
 */
export function contractResolver<Values extends FieldValues, Submission>(
  toCandidate: (values: Values, locale: string) => unknown,
  schema: z.ZodMiniType<Submission>,
  words: MessageCatalogue,
  locale: string,
): Resolver<Values, unknown, Submission> {
  // A transform declares its input unknown: react-hook-form hands it exactly the form's Values, and the
  // pipe's output is the schema's.
  const candidate = z.pipe(
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- see above
    z.transform((values) => toCandidate(values as Values, locale)),
    schema,
  );
  return zodResolver(
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- see above
    candidate as unknown as z.ZodMiniType<Submission, Values>,
    { error: formErrorMap(words, locale) },
  );
}
