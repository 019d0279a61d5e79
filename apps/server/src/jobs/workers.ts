import type { FastifyBaseLogger } from "fastify";
import { createSecretBox } from "../auth/secret-box.ts";
import type { Database } from "../db/connect.ts";
import { startChargeWorker } from "../features/billing/charges.ts";
import { startExportWorker } from "../features/exports/jobs.ts";
import { startAutomationWorker } from "../features/notifications/jobs.ts";
import { startSegmentWorker } from "../features/segments/jobs.ts";
import { AllowList } from "../features/webhooks/ssrf.ts";
import { startWebhookWorker } from "../features/webhooks/worker.ts";
import { startMailer } from "../mail/mailer.ts";
import { outsideMailLimits } from "../mail/outside-mail.ts";
import type { Settings } from "../settings.ts";
import type { FileStorage } from "../storage/file-storage.ts";
import { startHousekeeping } from "./housekeeping.ts";

export interface Workers {
  stop(): Promise<void>;
}

/**
 * The durable queues' workers: the mail outbox, exports, webhook deliveries, submissions'
 * automation (notifications and rule actions), and housekeeping. Each claims its rows with
 * FOR UPDATE SKIP LOCKED, so the web server and any number of `npm run worker` processes may
 * run them side by side against one PostgreSQL database.
 */
export function startWorkers(
  settings: Settings,
  database: Database,
  storage: FileStorage,
  log: FastifyBaseLogger,
): Workers {
  const mailer = startMailer({
    db: database.db,
    smtpUrl: settings.smtpUrl,
    from: settings.mailFrom,
    log,
    intervalMs: settings.mailPollMs,
  });
  const exportWorker = startExportWorker({
    db: database.db,
    storage,
    log,
    intervalMs: settings.exportPollMs,
    linkBase: settings.linkBase,
    fileLinkSecret: settings.jwtSecret,
    google: settings.google,
    secrets: createSecretBox(settings.secretKey),
  });
  const webhookWorker = startWebhookWorker({
    db: database.db,
    secrets: createSecretBox(settings.secretKey),
    allow: new AllowList(settings.webhookAllowHosts),
    log,
    intervalMs: settings.webhookPollMs,
    linkBase: settings.linkBase,
  });
  const automation = startAutomationWorker({
    db: database.db,
    log,
    intervalMs: settings.automationPollMs,
    linkBase: settings.linkBase,
    fileLinkSecret: settings.jwtSecret,
    outsideMail: outsideMailLimits(settings),
    smsGatewayUrl: settings.smsGatewayUrl,
  });
  const housekeeping = startHousekeeping(database.db, log, undefined, storage);
  const charges = startChargeWorker(database.db, log, settings.billingPollMs);
  // Segment recalculations are long reads like exports, and are looked for as often.
  const segmentWorker = startSegmentWorker(database.db, log, settings.exportPollMs);
  return {
    stop: async () => {
      housekeeping.stop();
      await charges.stop();
      await segmentWorker.stop();
      // Automation queues mail and webhook deliveries: stopped first, the others then stop.
      await automation.stop();
      await Promise.all([mailer.stop(), exportWorker.stop(), webhookWorker.stop()]);
    },
  };
}
