import {
  createPgliteTemplate,
  createPostgresTemplate,
  POSTGRES_TEMPLATE_VARIABLE,
  TEMPLATE_VARIABLE,
} from "./database-template.ts";
import { officeServersOfRun } from "./export-readers.ts";
import { useServerBundle } from "./process.ts";

/**
 * One migrated database per engine for the whole run to copy, the compiled server for the files
 * that start it as a process of its own, and a place where the test processes note the
 * LibreOffice servers they start, stopped at the end (export-readers.ts).
 */
export default async function setup() {
  useServerBundle();
  const stopOffices = officeServersOfRun();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = await createPostgresTemplate(adminUrl);
    process.env[POSTGRES_TEMPLATE_VARIABLE] = template.name;
    return async () => {
      stopOffices();
      await template.remove();
    };
  }
  const template = await createPgliteTemplate();
  process.env[TEMPLATE_VARIABLE] = template.directory;
  return async () => {
    stopOffices();
    await template.remove();
  };
}
