/**
 * What the isolation matrix (isolation-matrix.test.ts) knows about the routes: which are public,
 * a valid body for each, how path parameters are filled with account A's ids, and which routes
 * each persona may call successfully.
 */

/** Account A's ids the matrix fills paths and bodies with, by name. */
export type Ids = Record<string, number | string>;

export const VISIBLE = "visible-answer-7f3a";
/** A form rule's name: seen by whoever may see the form, and by nobody else. */
export const RULE_NAME = "Matrix rule 6c2e";
export const SECRETS = [
  "hidden-answer-9c1e@example.com",
  "Secret group 5d2b",
  "invited-4b8e@example.com",
  "Secret app 2e7c",
  "admin-note-6a1f",
  "Secret key name 8d3f",
  "sk-secret-value-1c9a",
  "Secret theme 4e1b",
  "Secret webhook 3f9d",
  "webhook-token-5a8c",
  "Secret notification 7b4d",
  "Secret saved question 7a2c",
  "Secret chain 1d7e",
];

/** Routes anyone may call; they are checked elsewhere. The test fails when a new route is neither here nor checked. */
export const PUBLIC = new Set([
  // Payments are named by an unguessable id; donations and the providers on are for anyone (billing.test.ts).
  "get /api/payments/providers",
  "get /api/payments/{publicId}",
  "post /api/payments/{publicId}/offline/confirm",
  "post /api/payments/{publicId}/offline/decline",
  "post /api/projects/{project}/payment",
  "get /api/health",
  "get /api/ready",
  "post /api/register",
  "post /api/login",
  "post /api/refresh",
  "post /api/logout",
  "post /api/reset-password/request",
  "post /api/reset-password/confirm",
  "post /api/forms/answer",
  "get /api/forms/path/{alias}/{subdomain}",
  "get /api/forms/path/{alias}",
  "get /api/invitations/{code}",
  "get /api/user/{id}/avatar/{name}",
  "post /api/email-confirm",
  "get /api/legal-links",
  "get /api/forms/captcha/challenge",
  "post /api/forms/upload_file",
  // A filling's behaviour, only for forms that collect it (behavior-logger.test.ts).
  "post /api/forms/logger",
  // A filling's session recording, only for forms that record sessions and with consent (session-recordings.test.ts).
  "post /api/forms/answer/session-recording",
  // A chunk of a filling's video or audio capture, only for forms that capture and with consent (captures.test.ts).
  "post /api/forms/answer/upload_capture",
  // What a filling's page recognised on the camera, only for forms that recognise and with consent (recognition.test.ts).
  "post /api/forms/answer/recognition",
  // A filling's answers so far, only for forms that save partial responses (partial-responses.test.ts).
  "put /api/forms/partial",
  // The link of a finished export: the token in it is the permission (exports.test.ts).
  "get /api/exports/download/{token}",
  "get /api/forms/{id}/next-submission",
  // Where Google's consent returns: the single-use state names the user (google-sheets.test.ts).
  "get /api/user/google-get-token",
  // A filling begun, counted once per key, for forms open to the caller (submit-rate.test.ts).
  "post /api/forms/start",
  // The JSON Schema of every webhook's body: the same document for everyone, no account's data.
  "get /api/webhooks/payload-schema",
  // A shared report: the token is the permission, and it shows aggregates only (shared-reports.test.ts).
  "get /api/shared-reports/{token}",
  // A published public page is for anyone.
  "get /api/public-pages/{alias}",
  // A brand kit's picture, named by its random id: published forms show it to anyone (brand-kit.test.ts).
  "get /api/assets/{id}",
  // The designer's background library: the same colours and gradients for everyone (themes.test.ts).
  "get /api/backgrounds/grouped",
]);

/** A valid body for every route that takes one, so the check is about rights, not input. */
export const BODIES: Record<string, unknown> = {
  "post /api/account/service/add": { service_id: "white-label" },
  "post /api/account/service/remove": { service_id: "white-label" },
  "post /api/account/billing/payment": { amount: 5, currency: "USD", provider: "offline" },
  "post /api/account/create": {
    name: "Another team",
    subdomain: "another-team",
    type: "company",
    acceptDpa: true,
  },
  "post /api/forms": { title: "Planted form", fields: [] },
  "patch /api/forms/{id}": { title: "Hijacked" },
  "patch /api/forms/{id}/answer/status/read": { answerIds: ["answerId"] },
  "patch /api/forms/{id}/answer/status/unread": { answerIds: ["answerId"] },
  "delete /api/forms/{id}/answer": { answerIds: ["answerId"] },
  "post /api/forms/{id}/answers/{answerId}/update-tags": { tags: ["planted"] },
  "post /api/forms/{id}/answers/{answerId}/update-score": { score: 1 },
  "post /api/forms/{id}/answers/{answerId}/update-field-score": { field: "name", score: 1 },
  "post /api/forms/{id}/answers/{answerId}/update-comment": { field: "name", comment: "planted" },
  "put /api/forms/{id}/results-columns": { columns: [{ key: "name", visible: true }] },
  "patch /api/user/{id}/settings": { locale: "it" },
  "post /api/user/{id}/edit": { city: "Hijacked" },
  "post /api/account/group/create": { groupName: "Planted group" },
  "post /api/account/group/{id}/edit": { name: "Hijacked group" },
  "post /api/account/group/{id}/users/add": { userIds: ["memberId"] },
  "post /api/account/group/{id}/users/remove": { userIds: ["memberId"] },
  "post /api/account/group/{id}/permissions/set": { permissions: ["forms.delete"] },
  "put /api/forms/{id}/permissions/group/{groupId}": { level: "all" },
  "post /api/account/invitations/send": { emails: "planted@example.com" },
  "post /api/invitations/accept": { code: "not-a-real-invitation-code" },
  "post /api/external-apps": { name: "Planted app", allowedIps: ["127.0.0.1"] },
  "post /api/external-apps/{id}/edit": { name: "Hijacked app", allowedIps: ["0.0.0.0/0"] },
  "patch /api/account/edit": { name: "Hijacked account" },
  "put /api/account/brand-kit": { fontId: "inter" },
  "post /api/account/api-keys": { name: "Planted key", service: "Maps", key: "planted-key-123" },
  "post /api/account/api-keys/{id}/edit": { name: "Hijacked key", service: "Maps" },
  "post /api/forms/{id}/embeddings": { name: "Planted embed", type: "iframe" },
  "put /api/forms/{id}/embeddings/{embeddingId}": { name: "Hijacked embed", type: "popup_button" },
  "post /api/form-themes/account/{userId}": { name: "Planted theme", styling: {} },
  "patch /api/form-themes/{themeId}/account/{userId}": { name: "Hijacked theme" },
  "post /api/form-themes/common": { name: "Planted common theme", styling: {} },
  "patch /api/form-themes/{themeId}/common": { name: "Hijacked common theme" },
  "post /api/forms/{id}/webhooks": { title: "Planted webhook", endpoint: "https://93.184.216.34/in" },
  "patch /api/forms/{id}/webhooks/{webhookId}": { title: "Hijacked webhook" },
  "post /api/hooks": { targetUrl: "https://93.184.216.34/in", event: "form.submitted", formId: "form" },
  // A form chain of A's form: another account's admin is told the form is unknown (400).
  "post /api/form-chains": { name: "Planted chain", items: [{ formId: "form", name: "Planted step" }] },
  "put /api/form-chains/{id}": { name: "Hijacked chain", items: [] },
  "post /api/forms/{id}/email-notifications": {
    adminName: "Planted notification",
    to: { accountUsers: true },
    subject: "Planted",
    message: "Planted",
  },
  "patch /api/forms/{id}/email-notifications/{notificationId}": { subject: "Hijacked notification" },
  "post /api/forms/elements-categories/account": {
    category: "Planted",
    element: { id: "planted", fieldType: "text", question: "Planted question" },
  },
  // Searches for a secret of A's: no hit may carry it.
  "post /api/search": { searchWord: "hidden" },
  "post /api/pages": { title: "Planted page" },
  "patch /api/pages/{id}": { title: "Hijacked page" },
  "put /api/pages-menu": { pageMenuLinks: [] },
  "post /api/support/tickets": { title: "Planted ticket", topic: "general", text: "Planted" },
  "post /api/support/tickets/{id}/messages": { text: "Planted message" },
  "post /api/segments": {
    name: "Planted segment",
    color: "#112233",
    attributes: [{ attribute: "rage", from: 0, to: 100 }],
  },
  "put /api/segments/{id}": {
    name: "Hijacked segment",
    color: "#112233",
    attributes: [{ attribute: "rage", from: 0, to: 100 }],
  },
  "patch /api/forms/answers/recalculate-segments/{segmentId}": { formIds: ["form"] },
  "post /api/account/users/{id}/areas": {
    name: "Planted area",
    color: "orange",
    points: [
      { lat: 1, lng: 1 },
      { lat: 1, lng: 2 },
      { lat: 2, lng: 2 },
    ],
  },
  "put /api/areas/{id}": {
    name: "Hijacked area",
    color: "purple",
    points: [
      { lat: 1, lng: 1 },
      { lat: 1, lng: 2 },
      { lat: 2, lng: 2 },
    ],
  },
  "post /api/update-password": {
    currentPassword: "not-their-password-1",
    password: "planted123",
    passwordConfirmation: "planted123",
  },
};

/** What a path parameter means in each route family, filled with A's real ids. */
export function fill(path: string, ids: Ids): string {
  const idFor = path.startsWith("/api/forms/")
    ? ids.form
    : path.startsWith("/api/account/group/")
      ? ids.secretGroup
      : path.startsWith("/api/user/") || path.startsWith("/api/account/users/")
        ? ids.adminId
        : path.startsWith("/api/form-chains/")
          ? ids.chain
          : path.startsWith("/api/external-apps/")
            ? ids.app
            : path.startsWith("/api/account/invitations/")
              ? ids.invitation
              : path.startsWith("/api/account/api-keys/")
                ? ids.apiKey
                : path.startsWith("/api/support/tickets/")
                  ? ids.ticket
                  : ids.account;
  // {number}: A's only submission is its form's first.
  return (
    path
      .replace("{id}", String(idFor))
      .replace("{answerId}", String(ids.answer))
      .replace("{number}", "1")
      .replace("{userId}", String(ids.adminId))
      .replace("{themeId}", String(path.endsWith("/common") ? ids.commonTheme : ids.ownTheme))
      .replace("{groupId}", String(ids.readersGroup))
      .replace("{fileId}", String(ids.file))
      .replace("{embeddingId}", String(ids.embedding))
      .replace("{webhookId}", String(ids.webhook))
      .replace("{notificationId}", String(ids.notification))
      .replace("{elementId}", String(ids.savedElement))
      .replace("{templateId}", "nps")
      .replace("{deliveryId}", String(ids.delivery))
      .replace("{format}", "csv")
      .replace("{jobId}", "1")
      .replace("{page}", "1")
      .replace("{size}", "10")
      .replace("{reportId}", "1")
      // A has no segment: one nobody has stands for it.
      .replace(/^\/api\/segments\/\d+/, "/api/segments/2147483000")
      .replace("{segmentId}", "2147483000")
      .replace(/^\/api\/segments\/(\d+)\/members$/, (members) => `${members}?formId=${ids.form}`)
      .replace(/^\/api\/search(\/categorized)?$/, (search) => `${search}?request=hidden`)
  );
}

export function bodyFor(key: string, ids: Ids): unknown {
  const body = JSON.parse(JSON.stringify(BODIES[key] ?? null)) as Record<string, unknown> | null;
  if (!body) return undefined;
  if (Array.isArray(body.answerIds)) body.answerIds = [ids.answer];
  if (Array.isArray(body.userIds)) body.userIds = [ids.memberId];
  // A form chain's items name A's form.
  if (Array.isArray(body.items))
    for (const item of body.items as Array<{ formId: unknown }>) item.formId = ids.form;
  // A REST hook names A's form.
  if (body.formId === "form") body.formId = ids.form;
  if (Array.isArray(body.formIds)) body.formIds = [ids.form];
  return body;
}

/**
 * Routes a persona may call successfully, because they act on the caller's own things or
 * on what the persona was granted; their answers must still carry no secret.
 */
export const MAY_SUCCEED: Record<string, Set<string>> = {
  "another account's admin": new Set([
    // The caller's own account's segments: none of A's.
    "get /api/segments/all",
    "post /api/segments",
    // The marketplace, and the caller's own account's services, balance and payments.
    "get /api/services",
    "get /api/marketplace/datasets",
    "get /api/account/service",
    "post /api/account/service/add",
    "post /api/account/service/remove",
    "get /api/account/billing/status",
    "get /api/account/billing/history",
    "post /api/account/billing/payment",
    "get /api/user",
    // The caller's own Google account: its state, connecting it, disconnecting it.
    "get /api/user/google-account",
    "get /api/user/google-api-login",
    "get /api/user/google-account-logout",
    "post /api/user/upload_file",
    "post /api/email-confirm/resend",
    "post /api/forms",
    "get /api/forms/account",
    "get /api/forms/account/answer/count-new",
    "get /api/account/users",
    "post /api/account/group/create",
    "get /api/account/group/list",
    "post /api/account/invitations/send",
    "get /api/account/invitations",
    "get /api/account/outbox",
    "post /api/external-apps",
    "get /api/external-apps",
    "patch /api/account/edit",
    "get /api/account/resources",
    // The caller's own account's brand kit, and an upload that names no file (400).
    "get /api/account/brand-kit",
    "put /api/account/brand-kit",
    "post /api/account/brand-kit/images",
    "post /api/account/api-keys",
    "get /api/account/api-keys",
    // The caller's own account's common themes, and an import that names no file (400).
    "get /api/form-themes/common",
    "post /api/form-themes/common",
    "post /api/forms/import",
    // Submissions per day over the caller's own account: none of A's.
    "get /api/forms/answers/date/grouped",
    "get /api/forms/answers/month/grouped",
    // The tags of the caller's own account: none of A's.
    "get /api/forms/answer-tags/account",
    "get /api/forms/tags/account",
    // The caller's own account's webhooks and e-mail notifications: none.
    "get /api/webhooks/all",
    // The caller's own account's form rules: none.
    "get /api/form-rules/all",
    // The caller's own account's form chains: none; a chain of A's form is refused (400).
    "get /api/form-chains/all",
    "post /api/form-chains",
    "get /api/email-notifications/all",
    // The caller's own account's questions database, and a form from a template in that account.
    "get /api/forms/elements-categories/account",
    "post /api/forms/elements-categories/account",
    // A search of the caller's own account: none of A's, and only the fields the caller reads.
    "get /api/search",
    "get /api/search/categorized",
    "post /api/search",
    // The caller's own tours.
    "get /api/tours",
    "post /api/tours/{tour}/seen",
    // The caller's own account's pages and help menu (the page it planted has the id the path names).
    "get /api/pages",
    "post /api/pages",
    "get /api/pages/{id}",
    "patch /api/pages/{id}",
    "delete /api/pages/{id}",
    "get /api/pages-menu",
    "put /api/pages-menu",
    "post /api/forms/templates/{templateId}",
    // The caller's own account's support tickets: none of A's (A's ticket by id is 404).
    "get /api/support/tickets",
    "post /api/support/tickets",
    "post /api/support/attachments",
  ]),
  "member without the permission": new Set([
    // The marketplace, and which services the caller's account has (no billing rights).
    "get /api/services",
    "get /api/marketplace/datasets",
    "get /api/account/service",
    "get /api/user",
    // The caller's own Google account: its state, connecting it, disconnecting it.
    "get /api/user/google-account",
    "get /api/user/google-api-login",
    "get /api/user/google-account-logout",
    "post /api/user/upload_file",
    "post /api/email-confirm/resend",
    "get /api/account/{id}",
    // A search of the caller's own account: none of A's, and only the fields the caller reads.
    "get /api/search",
    "get /api/search/categorized",
    "post /api/search",
    // The caller's own tours.
    "get /api/tours",
    "post /api/tours/{tour}/seen",
    // The published pages and the help menu of the caller's own account.
    "get /api/pages",
    "get /api/pages-menu",
    // The account's common themes and its brand kit are every member's to use.
    "get /api/form-themes/common",
    "get /api/account/brand-kit",
    // Every member reads and writes in their account's support tickets (the upload names no file: 400).
    "get /api/support/tickets",
    "post /api/support/tickets",
    "get /api/support/tickets/{id}",
    "post /api/support/tickets/{id}/messages",
    "post /api/support/tickets/{id}/close",
    "post /api/support/tickets/{id}/reopen",
    "post /api/support/attachments",
    "get /api/support/tickets/{id}/attachments/{fileId}",
  ]),
  'member with "selected fields"': new Set([
    // The marketplace, and which services the caller's account has (no billing rights).
    "get /api/services",
    "get /api/marketplace/datasets",
    "get /api/account/service",
    "get /api/user",
    // The caller's own Google account: its state, connecting it, disconnecting it.
    "get /api/user/google-account",
    "get /api/user/google-api-login",
    "get /api/user/google-account-logout",
    "post /api/user/upload_file",
    "post /api/email-confirm/resend",
    "get /api/account/{id}",
    "get /api/forms/account",
    "get /api/forms/{id}",
    "get /api/forms/{id}/summary",
    // Rules are part of the form, which the reader may see.
    "get /api/form-rules/all",
    "get /api/forms/{id}/answer/paginated/{page}/{size}",
    // All those pages' rows at once, cut to the selected fields as theirs are (answer-list.test.ts).
    "get /api/forms/{id}/answer",
    // How many rows those pages hold; its filters take the selected fields only, as the pages' do.
    "get /api/forms/{id}/answer/count",
    "get /api/forms/{id}/answer/{answerId}",
    "get /api/forms/{id}/results/{number}",
    // Only the events of the selected fields and of the page itself.
    "get /api/forms/{id}/answer/{answerId}/event-logs",
    // A single result's neighbours, the selected fields' points and timing (never the total or the outcome).
    "get /api/forms/{id}/answer/{answerId}/prev-next",
    "get /api/forms/{id}/answer/{answerId}/calc",
    "get /api/forms/{id}/answer/{answerId}/additional",
    // Behaviour patterns measured on the events of the selected fields and of the page itself.
    "get /api/forms/{id}/answer/{answerId}/spider",
    "get /api/forms/{id}/answer/list/spider/{page}/{size}",
    // Faces and emotions seen at the selected fields only.
    "get /api/forms/{id}/answer/{answerId}/faces",
    "get /api/forms/{id}/answer/{answerId}/charts/fields-emotions",
    "get /api/forms/{id}/answers/charts/fields-emotions",
    // The account's segments: names and ranges, no answer.
    "get /api/segments/all",
    // Visits to the form's page: times and submission numbers, no answer.
    "get /api/forms/{id}/page-interactions/{page}/{size}",
    // The export holds the selected fields only: the secret e-mail must not be in it.
    "get /api/forms/{id}/answers/export/{format}",
    "get /api/forms/account/answer/count-new",
    // Seeing a form includes where it is embedded; changing that is editing it.
    "get /api/forms/{id}/embeddings",
    "get /api/forms/{id}/embeddings/{embeddingId}",
    "get /api/form-themes/common",
    "get /api/account/brand-kit",
    // Statistics of the selected fields only; the form has no NPS question the reader sees (400).
    "get /api/forms/{id}/answers/summary",
    "get /api/forms/{id}/daily-submissions",
    "get /api/forms/{id}/answers/date",
    "get /api/forms/answers/date/grouped",
    "get /api/forms/answers/month/grouped",
    "get /api/forms/{id}/nps-fields",
    "get /api/forms/{id}/answer/nps",
    "get /api/forms/{id}/answer/nps/timeline",
    "get /api/forms/{id}/answers/submit-rate",
    "get /api/forms/{id}/performing-questions",
    "get /api/forms/{id}/fields-analysis",
    "get /api/forms/{id}/charts/submit-rate-days",
    // Figures of the submissions themselves (time taken, device, country, new since the reader's
    // last look), none of any answer: given to a reader of selected fields as submissions per day are.
    "get /api/forms/{id}/submissions-time",
    "get /api/forms/{id}/charts/submissions-devices",
    "get /api/forms/{id}/charts/submissions-countries",
    "get /api/forms/{id}/answers/recent-new",
    // A shared report shows what its maker may see: the selected fields' aggregates.
    "post /api/forms/{id}/shared-reports",
    "get /api/forms/{id}/shared-reports",
    // The link the member made just above is theirs to revoke.
    "delete /api/forms/{id}/shared-reports/{reportId}",
    // Tags carry no answer; the table's columns are the reader's own.
    "get /api/forms/answer-tags/account",
    "get /api/forms/tags/account",
    "get /api/forms/{id}/results-columns",
    // A search of the caller's own account: none of A's, and only the fields the caller reads.
    "get /api/search",
    "get /api/search/categorized",
    "post /api/search",
    // The caller's own tours.
    "get /api/tours",
    "post /api/tours/{tour}/seen",
    // The published pages and the help menu of the caller's own account.
    "get /api/pages",
    "get /api/pages-menu",
    "put /api/forms/{id}/results-columns",
    // Every member reads and writes in their account's support tickets (the upload names no file: 400).
    "get /api/support/tickets",
    "post /api/support/tickets",
    "get /api/support/tickets/{id}",
    "post /api/support/tickets/{id}/messages",
    "post /api/support/tickets/{id}/close",
    "post /api/support/tickets/{id}/reopen",
    "post /api/support/attachments",
    "get /api/support/tickets/{id}/attachments/{fileId}",
  ]),
};
/** Refusals that are not about rights: the caller already has an account, or the code is not real. */
export const OWN_REFUSALS: Record<string, number> = {
  "post /api/account/create": 409,
  "post /api/invitations/accept": 400,
  // Each persona may change only their own password, and only knowing it.
  "post /api/update-password": 400,
};
