import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` (offline) writes SQL into ./drizzle; both engines run the same files.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema',
  out: './drizzle',
});
