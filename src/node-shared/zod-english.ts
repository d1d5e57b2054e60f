import { z } from 'zod/mini';

/**
 * zod/mini, unlike classic zod, loads no language for its own messages ("Invalid input" for every issue).
 * The servers answer schema failures the contract words no message for (a BFF route's field errors, a bulk
 * row's problems, a bad environment variable) in zod's English, as they did with classic zod. The console
 * does not load this: its forms word every issue themselves (src/web/lib/form-error-map.ts).
 * Imported for its effect by both servers' app builders and the env parser.
 */
z.config(z.locales.en());
