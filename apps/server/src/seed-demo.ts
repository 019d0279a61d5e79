import { createElement } from "@formloom/core/new-element";
import { count } from "drizzle-orm";
import { hashPassword } from "./auth/passwords.ts";
import type { Db } from "./db/connect.ts";
import { accounts, formAnswers, forms, users } from "./db/schema.ts";

export const DEMO_LOGIN = { username: "demo", password: "demo12345" } as const;

/**
 * On an empty database: a demo account with a sample form and a few submissions, so a newcomer
 * sees a working product at once. Returns false when there was already data.
 */
export async function seedDemo(db: Db): Promise<boolean> {
  const [existing] = await db.select({ value: count() }).from(accounts);
  if ((existing?.value ?? 0) > 0) return false;

  const name = { ...createElement("text", "name", 0), question: "What is your name?", isRequired: true };
  const mail = { ...createElement("email", "email", 1), question: "Your e-mail" };
  const rating = {
    ...createElement("radio", "rating", 2),
    question: "How did you like the event?",
    isRequired: true,
    fieldSettings: {
      answerVariants: ["Loved it", "It was fine", "Not for me"].map((title, i) => ({
        id: `r${i + 1}`,
        title,
        value: String(3 - i),
        checkValue: false,
        defaultChecked: false,
      })),
    },
  };
  const comments = { ...createElement("textarea", "comments", 3), question: "Anything we should improve?" };

  await db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({ name: "Demo team", subdomain: "demo", type: "company" })
      .returning();
    const [user] = await tx
      .insert(users)
      .values({
        accountId: account!.id,
        username: DEMO_LOGIN.username,
        email: "demo@formloom.local",
        emailConfirmedAt: new Date(),
        passwordHash: await hashPassword(DEMO_LOGIN.password),
        firstName: "Demo",
        isAccountAdmin: true,
      })
      .returning();
    const [form] = await tx
      .insert(forms)
      .values({
        accountId: account!.id,
        creatorId: user!.id,
        title: "Event feedback",
        alias: "event-feedback",
        isPublished: true,
        settings: {
          title: "Event feedback",
          description: "Tell us how the meetup went.",
          formPathAlias: "event-feedback",
        },
        fields: [name, mail, rating, comments],
      })
      .returning();
    const samples = [
      ["Ada", "ada@example.com", "r1", "More talks like this one."],
      ["Grace", "", "r2", "The room was too warm."],
      ["Linus", "linus@example.com", "r1", ""],
    ] as const;
    await tx.insert(formAnswers).values(
      samples.map(([who, email, choice, note], i) => ({
        accountId: account!.id,
        formId: form!.id,
        submitTime: new Date(Date.now() - (samples.length - i) * 3_600_000),
        formPassingTime: 40 + i * 17,
        answers: [
          { fieldId: "name", answer: who, formulaName: "" },
          ...(email ? [{ fieldId: "email", answer: email, formulaName: "" }] : []),
          { fieldId: "rating", answer: choice, formulaName: "" },
          ...(note ? [{ fieldId: "comments", answer: note, formulaName: "" }] : []),
        ],
        device: {
          type: "desktop",
          os: "Linux",
          browser: "Firefox 140",
          language: "en-GB",
          platform: "amd64",
        },
      })),
    );
  });
  return true;
}
