import { ZFormWithFields } from "@formloom/core/api/forms";
import { IMPORT_MAX_BYTES, importForm } from "@formloom/core/form-import";
import { isEmptyForm } from "@formloom/core/form-state";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type Deps, requireTenant } from "../../http/context.ts";
import { badRequest, invalidField } from "../../http/errors.ts";
import { filePartBytes, readingMultipart } from "../../http/multipart.ts";
import { withPublicLink } from "./public-link.ts";
import { checkedNewForm, createForm } from "./service.ts";

interface ImportFile {
  name: string;
  bytes: Buffer;
}

/**
 * The one file of the request. Two files are refused, and a file is read one byte past the
 * limit, so a file cut there is told from one that fits.
 */
async function readOneFile(request: FastifyRequest): Promise<ImportFile> {
  if (!request.isMultipart()) throw invalidField("import.one_file", "file");
  const files: ImportFile[] = [];
  await readingMultipart(async () => {
    for await (const part of request.parts({
      limits: { fileSize: IMPORT_MAX_BYTES + 1, files: 2, fields: 5 },
    })) {
      if (part.type !== "file") continue;
      const bytes = await filePartBytes(part);
      if (!bytes || bytes.length > IMPORT_MAX_BYTES) throw invalidField("import.too_large", "file");
      files.push({ name: part.filename, bytes });
    }
  });
  if (files.length !== 1) throw invalidField("import.one_file", "file");
  return files[0]!;
}

/**
 * POST /forms/import: a form exported as JSON (forms.md §5), read by core's importForm, which
 * also takes the alternate setting names. The copy keeps its title and starts unpublished.
 */
export function formImportRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/forms/import",
    {
      schema: {
        tags: ["forms"],
        description:
          "Creates a form from one exported .json file (multipart, one file under 5 MB). Refusals: import.one_file, " +
          "import.type, import.too_large, import.empty, import.invalid, and what a save refuses, with its field " +
          "errors (form.url.unsafe, form.theme.invalid, style.*).",
        response: { 201: ZFormWithFields },
      },
    },
    async (request, reply) => {
      const ctx = await requireTenant(deps, request, "forms.create");
      const file = await readOneFile(request);
      const result = importForm(file.name, file.bytes.length, file.bytes.toString("utf8"));
      if (!result.ok) throw invalidField(result.code, "file");
      const { settings, fields } = result.form;
      // A document that parses but holds no form at all (forms.md §5's empty form) is an empty file.
      if (isEmptyForm(settings, fields)) throw invalidField("import.empty", "file");
      // Refused as a save is, with the same field errors (a script address, custom CSS, a theme,
      // an element's own styling), before the form model's own checks below.
      const input = checkedNewForm({ ...settings, isPublished: false, fields });
      const created = await createForm(ctx, input).catch((error) => {
        // A file whose rules or alias the form model refuses is not a valid form either.
        if ((error as { status?: number }).status === 400) throw badRequest("import.invalid");
        throw error;
      });
      return reply.status(201).send(await withPublicLink(deps.db, deps.settings.linkBase, created));
    },
  );
}
