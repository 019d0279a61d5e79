import { createPgliteTemplate, TEMPLATE_VARIABLE } from "./database-template.ts";

/** On the embedded engine, one migrated database for the whole run to copy. */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const template = await createPgliteTemplate();
  process.env[TEMPLATE_VARIABLE] = template.directory;
  return () => template.remove();
}
