import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/sandbox/db/schema.ts',
  out: './src/sandbox/db/migrations',
});
