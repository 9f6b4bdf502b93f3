import { defineConfig } from 'drizzle-kit';

// `pnpm --filter @leadforge/api db:generate` writes forward-only SQL into ./drizzle (committed).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
