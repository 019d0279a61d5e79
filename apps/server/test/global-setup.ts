import {
  createPgliteTemplate,
  createPostgresTemplate,
  POSTGRES_TEMPLATE_VARIABLE,
  TEMPLATE_VARIABLE,
} from "./database-template.ts";
import { useServerBundle } from "./process.ts";

/**
 * One migrated database per engine for the whole run to copy, and the compiled server for the
 * files that start it as a process of its own.
 */
export default async function setup() {
  useServerBundle();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = await createPostgresTemplate(adminUrl);
    process.env[POSTGRES_TEMPLATE_VARIABLE] = template.name;
    return () => template.remove();
  }
  const template = await createPgliteTemplate();
  process.env[TEMPLATE_VARIABLE] = template.directory;
  return () => template.remove();
}
