import {
  ZAutomationJobList,
  ZEmailNotification,
  ZEmailNotificationCreateBody,
  ZEmailNotificationList,
  ZEmailNotificationParams,
  ZEmailNotificationPatchBody,
  ZFormEmailNotificationsParams,
} from "@formloom/core/api/email-notifications";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Deps, requireTenant } from "../../http/context.ts";
import { listAutomationJobs } from "./jobs.ts";
import {
  createNotification,
  deleteNotification,
  getNotification,
  listNotifications,
  updateNotification,
} from "./service.ts";

/** platform.md §3 "E-mail notification": a form's notifications and the account's list. */
export function notificationRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["email-notifications"];

  r.get(
    "/email-notifications/all",
    { schema: { tags, response: { 200: ZEmailNotificationList } } },
    async (request) => ({
      notifications: await listNotifications(await requireTenant(deps, request, "forms.edit")),
    }),
  );

  r.get(
    "/forms/:id/email-notifications",
    { schema: { tags, params: ZFormEmailNotificationsParams, response: { 200: ZEmailNotificationList } } },
    async (request) => ({
      notifications: await listNotifications(
        await requireTenant(deps, request, "forms.edit"),
        request.params.id,
      ),
    }),
  );

  r.post(
    "/forms/:id/email-notifications",
    {
      schema: {
        tags,
        params: ZFormEmailNotificationsParams,
        body: ZEmailNotificationCreateBody,
        response: { 200: ZEmailNotification },
      },
    },
    async (request) =>
      createNotification(await requireTenant(deps, request, "forms.edit"), request.params.id, request.body),
  );

  r.get(
    "/forms/:id/email-notifications/:notificationId",
    { schema: { tags, params: ZEmailNotificationParams, response: { 200: ZEmailNotification } } },
    async (request) =>
      getNotification(
        await requireTenant(deps, request, "forms.edit"),
        request.params.id,
        request.params.notificationId,
      ),
  );

  r.patch(
    "/forms/:id/email-notifications/:notificationId",
    {
      schema: {
        tags,
        params: ZEmailNotificationParams,
        body: ZEmailNotificationPatchBody,
        response: { 200: ZEmailNotification },
      },
    },
    async (request) =>
      updateNotification(
        await requireTenant(deps, request, "forms.edit"),
        request.params.id,
        request.params.notificationId,
        request.body,
      ),
  );

  r.delete(
    "/forms/:id/email-notifications/:notificationId",
    {
      schema: {
        tags,
        params: ZEmailNotificationParams,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (request) => {
      await deleteNotification(
        await requireTenant(deps, request, "forms.edit"),
        request.params.id,
        request.params.notificationId,
      );
      return { deleted: true as const };
    },
  );

  r.get(
    "/forms/:id/automation-jobs",
    { schema: { tags, params: ZFormEmailNotificationsParams, response: { 200: ZAutomationJobList } } },
    async (request) => ({
      jobs: await listAutomationJobs(await requireTenant(deps, request, "forms.edit"), request.params.id),
    }),
  );
}
