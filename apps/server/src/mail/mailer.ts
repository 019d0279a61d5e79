import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Db } from "../db/connect.ts";
import { mailOutbox } from "../db/schema.ts";
import { type PeriodicWorker, periodicWorker } from "../jobs/periodic-worker.ts";

const BATCH = 10;
const MAX_ATTEMPTS = 8;

interface ClaimedMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  from_name: string | null;
  attempts: number;
}

/** drain() sends what is due now and returns how many messages went out. */
export type Mailer = PeriodicWorker;

/**
 * Sends queued mail over SMTP; a failed message is tried again after 30 s, 1 min, 2 min … (±25 %)
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

  async function sendDue(): Promise<number> {
    if (!transport) return 0;
    // Both drivers answer raw SQL with { rows }.
    const due = (await options.db.execute(sql`
      update ${mailOutbox} set attempts = attempts + 1,
        next_attempt_at = now() + make_interval(secs => 30 * power(2, attempts) * (0.75 + random() * 0.5))
      where id in (
        select id from ${mailOutbox}
        where sent_at is null and next_attempt_at <= now() and attempts < ${MAX_ATTEMPTS}
        order by id limit ${BATCH} for update skip locked)
      returning id, "to", subject, text, html, from_name, attempts`)) as unknown as { rows: ClaimedMail[] };
    let sent = 0;
    for (const mail of due.rows) {
      try {
        await transport.sendMail({
          from: mail.from_name ? withName(options.from, mail.from_name) : options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
        });
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

  const worker = periodicWorker(sendDue, {
    intervalMs: options.intervalMs ?? 2000,
    log: options.log,
    failure: "mailer failed",
  });
  return {
    drain: worker.drain,
    stop: async () => {
      await worker.stop();
      transport?.close();
    },
  };
}

/** MAIL_FROM's address under another name: `"Name" <address>`. */
function withName(from: string, name: string): { name: string; address: string } {
  const address = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  return { name, address };
}
