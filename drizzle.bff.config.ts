import { defineConfig } from 'drizzle-kit';

/** The BFF's own database (accounts, sessions, sign-in throttle, audit): `npx drizzle-kit generate --config drizzle.bff.config.ts`. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/bff/db/schema.ts',
  out: './src/bff/db/migrations',
});
