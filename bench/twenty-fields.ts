// The 20-field form the export and results benches fill with generated submissions, and the
// fresh PostgreSQL database each run seeds.
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { Db } from "../apps/server/src/db/connect.ts";
import { accounts, forms, users } from "../apps/server/src/db/schema.ts";

const variants = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `v${i + 1}`, title: `Option ${i + 1}`, value: `${i + 1}` }));

/** Twenty questions: texts, choices, numbers, a rating, a matrix and an NPS. */
export const TWENTY_FIELDS = [
  ...Array.from({ length: 5 }, (_, i) => ({ id: `t${i}`, fieldType: "text", question: `Text ${i}` })),
  ...Array.from({ length: 4 }, (_, i) => ({
    id: `r${i}`,
    fieldType: "radio",
    question: `Choice ${i}`,
    fieldSettings: { answerVariants: variants(4) },
  })),
  ...Array.from({ length: 3 }, (_, i) => ({
    id: `c${i}`,
    fieldType: "checkbox",
    question: `Several ${i}`,
    fieldSettings: { answerVariants: variants(5) },
  })),
  ...Array.from({ length: 3 }, (_, i) => ({ id: `n${i}`, fieldType: "number", question: `Number ${i}` })),
  { id: "stars", fieldType: "rate", question: "Stars", fieldSettings: { maxRating: 5 } },
  {
    id: "grid",
    fieldType: "matrix",
    question: "Grid",
    fieldSettings: {
      answerVariants: variants(3),
      questions: [
        { id: "q1", question: "Food" },
        { id: "q2", question: "Service" },
      ],
    },
  },
  { id: "nps", fieldType: "nps", question: "Recommend us?" },
  { id: "when", fieldType: "dateTime", question: "Date" },
  { id: "story", fieldType: "textarea", question: "Tell us more" },
].map((field, index) => ({ ...field, fieldOrder: index }));

/** A submission's answers to TWENTY_FIELDS as SQL over a series' `g`, varied by a cheap hash of it. */
export function twentyAnswersSql(): string {
  const h = (salt: number) => `((g * ${2654435761 + salt * 97}::bigint) % 1000003)`;
  const items = TWENTY_FIELDS.map((field, i) => {
    const value =
      field.fieldType === "text"
        ? `to_jsonb('Answer ' || g || ' of ${field.id}')`
        : field.fieldType === "radio"
          ? `to_jsonb('v' || (1 + ${h(i)} % 4))`
          : field.fieldType === "checkbox"
            ? `jsonb_build_array('v' || (1 + ${h(i)} % 5), 'v' || (1 + (${h(i)} + 2) % 5))`
            : field.fieldType === "number"
              ? `to_jsonb(${h(i)} % 1000)`
              : field.fieldType === "rate"
                ? `to_jsonb(1 + ${h(i)} % 5)`
                : field.fieldType === "nps"
                  ? `to_jsonb(${h(i)} % 11)`
                  : field.fieldType === "matrix"
                    ? `jsonb_build_object('q1', 'v' || (1 + ${h(i)} % 3), 'q2', 'v' || (1 + ${h(i + 1)} % 3))`
                    : field.fieldType === "dateTime"
                      ? `to_jsonb('2026-11-' || lpad((1 + g % 28)::text, 2, '0'))`
                      : `to_jsonb(repeat('A longer story of a respondent. ', 3))`;
    return `jsonb_build_object('fieldId', '${field.id}', 'formulaName', '', 'answer', ${value})`;
  });
  return `jsonb_build_array(${items.join(", ")})`;
}

/** Creates an empty database beside the one `adminUrl` names; returns its name and address. */
export async function freshDatabase(adminUrl: string): Promise<{ name: string; url: string }> {
  const name = `formloom_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/** An account with one admin ("bench") and a published form of TWENTY_FIELDS. */
export async function seedTwentyFieldForm(db: Db, title: string, passwordHash: string) {
  const alias = title.toLowerCase().replace(/\W+/g, "-");
  const [account] = await db
    .insert(accounts)
    .values({ name: "Bench", subdomain: `bench-${randomBytes(4).toString("hex")}`, type: "company" })
    .returning();
  const [user] = await db
    .insert(users)
    .values({
      accountId: account!.id,
      username: "bench",
      email: "bench@example.com",
      passwordHash,
      isAccountAdmin: true,
    })
    .returning();
  const [form] = await db
    .insert(forms)
    .values({
      accountId: account!.id,
      creatorId: user!.id,
      title,
      alias,
      isPublished: true,
      settings: { title },
      fields: TWENTY_FIELDS,
    })
    .returning();
  return { account: account!, user: user!, form: form! };
}

/** Drops a database freshDatabase made, even with connections left open. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
