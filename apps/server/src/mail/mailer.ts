import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Db } from "../db/connect.ts";
import { mailOutbox } from "../db/schema.ts";

const BATCH = 10;
const MAX_ATTEMPTS = 8;

interface ClaimedMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  attempts: number;
}

export interface Mailer {
  /** Sends what is due now; returns how many messages went out. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Sends queued mail over SMTP; a failed message is tried again after 30 s, 1 min, 2 min …
 * up to 8 attempts, each recorded on its row. Rows are claimed with SKIP LOCKED, so several server
 * processes can drain one outbox. Without SMTP_URL nothing is sent: messages wait in the
 * outbox for an administrator to read there.
 */
export function startMailer(options: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  let running: Promise<number> | null = null;

  async function sendDue(): Promise<number> {
    if (!transport) return 0;
    // Both drivers answer raw SQL with { rows }.
    const due = (await options.db.execute(sql`
      update ${mailOutbox} set attempts = attempts + 1,
        next_attempt_at = now() + make_interval(secs => 30 * power(2, attempts))
      where id in (
        select id from ${mailOutbox}
        where sent_at is null and next_attempt_at <= now() and attempts < ${MAX_ATTEMPTS}
        order by id limit ${BATCH} for update skip locked)
      returning id, "to", subject, text, attempts`)) as unknown as { rows: ClaimedMail[] };
    let sent = 0;
    for (const mail of due.rows) {
      try {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
        await options.db.execute(
          sql`update ${mailOutbox} set sent_at = now(), last_error = null where id = ${mail.id}`,
        );
        sent++;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        options.log.warn({ mailId: mail.id, attempt: mail.attempts }, `mail not sent: ${message}`);
        await options.db.execute(
          sql`update ${mailOutbox} set last_error = ${message.slice(0, 1000)} where id = ${mail.id}`,
        );
      }
    }
    return sent;
  }

  const drain = () => {
    running ??= sendDue().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => {
    drain().catch((error: unknown) => options.log.error({ err: error }, "mailer failed"));
  }, options.intervalMs ?? 2000);
  timer.unref();

  return {
    drain,
    stop: async () => {
      clearInterval(timer);
      await running?.catch(() => undefined);
      transport?.close();
    },
  };
}
