import { sql } from "drizzle-orm";
import { foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { formAnswers, forms } from "./forms.ts";
import { accounts } from "./identity.ts";

/** Form chains (platform.md §3): forms a respondent fills one after another. Names are unique per account. */
export const formChains = pgTable(
  "form_chains",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    id: integer("id").generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("form_chains_name_key").on(t.accountId, sql`lower(${t.name})`),
  ],
);

/**
 * A chain's forms in order. A form in a chain cannot be deleted (no cascade from the form:
 * form.has.chain_elements); deleting the chain deletes its items.
 */
export const formChainItems = pgTable(
  "form_chain_items",
  {
    accountId: integer("account_id").notNull(),
    chainId: integer("chain_id").notNull(),
    position: integer("position").notNull(),
    formId: integer("form_id").notNull(),
    name: text("name").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.chainId, t.position] }),
    foreignKey({
      columns: [t.accountId, t.chainId],
      foreignColumns: [formChains.accountId, formChains.id],
    }).onDelete("cascade"),
    foreignKey({ columns: [t.accountId, t.formId], foreignColumns: [forms.accountId, forms.id] }),
    index("form_chain_items_form_idx").on(t.formId),
  ],
);

/**
 * The submissions one respondent made going through a chain, tied by the run's id: the
 * chain's answers read together. Deleting a submission or the chain deletes its row.
 */
export const formChainAnswers = pgTable(
  "form_chain_answers",
  {
    accountId: integer("account_id").notNull(),
    answerId: integer("answer_id").notNull(),
    chainId: integer("chain_id").notNull(),
    run: text("run").notNull(),
    position: integer("position").notNull(),
    formId: integer("form_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.answerId] }),
    foreignKey({
      columns: [t.accountId, t.chainId],
      foreignColumns: [formChains.accountId, formChains.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.accountId, t.answerId],
      foreignColumns: [formAnswers.accountId, formAnswers.id],
    }).onDelete("cascade"),
    index("form_chain_answers_run_idx").on(t.accountId, t.chainId, t.run),
    index("form_chain_answers_chain_idx").on(t.accountId, t.chainId, t.createdAt),
  ],
);
