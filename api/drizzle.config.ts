import { defineConfig } from 'drizzle-kit';

// `pnpm --filter @leadforge/api db:generate` writes forward-only SQL into ./drizzle (committed).
export default defineConfig({
  dialect: 'postgresql',
  // Every area's schema file (an area's tables need no line in a shared file).
  schema: './src/db/schema/*.ts',
  out: './drizzle',
});
