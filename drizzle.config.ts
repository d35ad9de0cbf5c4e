import { defineConfig } from "drizzle-kit";

// Migrations are generated from db/schema into drizzle/ and never edited by hand.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./drizzle",
});
