/**
 * The words of the API reference: tag descriptions, and per operation (`method path` as the
 * document spells it) its operationId and summary. An operation missing here is described from
 * its method and path (http/openapi.ts); listing it gives it a better name.
 */

export const TAGS: Record<string, string> = {
  hooks:
    "REST-hook subscriptions for Zapier, Make and n8n: subscribe a target URL to a form's event with " +
    "the API key, unsubscribe by id. Deliveries are webhooks: signed (Standard Webhooks), retried, " +
    "and only to public addresses.",
  support:
    "Support tickets: an account's people write to the instance's operators, who answer every account's " +
    "tickets; files are uploaded first and named by the message.",
  webhooks:
    "A form's webhooks, their signing secrets and delivery logs. The payload's JSON Schema is " +
    "`GET /api/webhooks/payload-schema`.",
};

export const OPERATIONS: Record<string, [operationId: string, summary: string]> = {
  "get /api/health": ["health", "Say whether the server and its database answer"],
  "get /api/ready": ["ready", "Say whether the server takes work (503 while it shuts down)"],
  "post /api/register": ["register", "Register a user"],
  "post /api/login": ["login", "Sign in with a username or e-mail and password"],
  "post /api/refresh": ["refreshTokens", "Trade the refresh token for a new token pair"],
  "post /api/logout": ["logout", "End the sign-in (or every sign-in) of the user"],
  "post /api/reset-password/request": ["requestPasswordReset", "Send a password-reset link"],
  "post /api/reset-password/confirm": ["confirmPasswordReset", "Set a new password with a reset link's code"],
  "post /api/update-password": ["updatePassword", "Change the signed-in user's password"],
  "post /api/email-confirm": ["confirmEmail", "Confirm an e-mail address with its link's code"],
  "post /api/email-confirm/resend": ["resendEmailConfirmation", "Send the e-mail confirmation link again"],
  "get /api/legal-links": ["getLegalLinks", "Read the terms and privacy links registration asks to accept"],
  "get /api/user": ["getCurrentUser", "Read the signed-in user"],
  "get /api/user/{id}": ["getUser", "Read a user of the account"],
  "post /api/user/{id}/edit": ["editUser", "Change a user's profile"],
  "get /api/user/{id}/settings": ["getUserSettings", "Read a user's settings"],
  "patch /api/user/{id}/settings": ["updateUserSettings", "Change a user's settings"],
  "post /api/account/create": ["createAccount", "Create an account for the signed-in user"],
  "get /api/account/{id}": ["getAccount", "Read an account"],
  "patch /api/account/edit": ["editAccount", "Change the account"],
  "get /api/account/users": ["listAccountUsers", "List the account's users"],
  "post /api/account/users/{id}/remove": ["removeAccountUser", "Remove a user from the account"],
  "get /api/account/resources": ["getAccountResources", "Read the account's use of its limits"],
  "get /api/account/brand-kit": ["getBrandKit", "Read the account's brand kit"],
  "put /api/account/brand-kit": ["saveBrandKit", "Save the account's brand kit"],
  "post /api/account/brand-kit/images": ["uploadBrandImage", "Upload a picture for the brand kit"],
  "get /api/assets/{id}": ["getBrandImage", "Read a brand kit's picture"],
  "get /api/account/outbox": ["listAccountOutbox", "List the mail the account sent to outside addresses"],
  "post /api/account/group/create": ["createGroup", "Create a group"],
  "get /api/account/group/list": ["listGroups", "List the account's groups"],
  "get /api/account/group/{id}": ["getGroup", "Read a group"],
  "post /api/account/group/{id}/edit": ["editGroup", "Change a group"],
  "post /api/account/group/{id}/delete": ["deleteGroup", "Delete a group"],
  "post /api/account/group/{id}/users/add": ["addGroupUsers", "Add users to a group"],
  "post /api/account/group/{id}/users/remove": ["removeGroupUsers", "Remove users from a group"],
  "post /api/account/invitations/send": ["sendInvitation", "Invite someone to the account by e-mail"],
  "get /api/account/invitations": ["listInvitations", "List the account's invitations"],
  "post /api/account/invitations/{id}/revoke": ["revokeInvitation", "Revoke an invitation"],
  "post /api/account/invitations/{id}/resend": ["resendInvitation", "Send an invitation again"],
  "get /api/invitations/{code}": ["getInvitation", "Read an invitation by its code"],
  "post /api/invitations/accept": ["acceptInvitation", "Accept an invitation"],
  "post /api/external-apps": ["createExternalApp", "Create an external app and its token (shown once)"],
  "get /api/external-apps": ["listExternalApps", "List the account's external apps"],
  "get /api/external-apps/{id}": ["getExternalApp", "Read an external app"],
  "post /api/external-apps/{id}/edit": ["editExternalApp", "Change an external app"],
  "post /api/external-apps/{id}/delete": ["deleteExternalApp", "Delete an external app and its token"],
  "post /api/forms": ["createForm", "Create a form"],
  "get /api/forms/account": ["listForms", "List the account's forms"],
  "get /api/forms/{id}": ["getForm", "Read a form"],
  "patch /api/forms/{id}": ["updateForm", "Change a form"],
  "delete /api/forms/{id}": ["deleteForm", "Delete a form with its submissions"],
  "post /api/forms/{id}/clone": ["cloneForm", "Copy a form"],
  "get /api/forms/{id}/summary": ["getFormSummary", "Read a form's summary"],
  "post /api/forms/import": ["importForm", "Import a form from a file"],
  "get /api/forms/path/{alias}": ["getPublicFormByAlias", "Read a published form by its link"],
  "get /api/forms/path/{alias}/{subdomain}": [
    "getPublicFormByAliasAndSubdomain",
    "Read a published form by its link and account subdomain",
  ],
  "post /api/forms/answer": ["submitAnswer", "Submit answers to a form"],
  "post /api/forms/start": ["startFilling", "Start filling a form (its time limit starts)"],
  "put /api/forms/partial": ["savePartialAnswer", "Keep a respondent's unfinished answers"],
  "get /api/backgrounds/grouped": ["listBackgrounds", "Read the background library, in groups"],
  "get /api/forms/{id}/answer": ["listAllAnswers", "List all of a form's submissions at once"],
  "get /api/forms/{id}/answer/paginated/{page}/{size}": [
    "listAnswers",
    "List a form's submissions, a page at a time",
  ],
  "get /api/forms/{id}/answer/{answerId}": ["getAnswer", "Read a submission"],
  "get /api/forms/{id}/results/{number}": [
    "getResultByNumber",
    "Read a submission by its number in the form",
  ],
  "patch /api/forms/{id}/answer/status/read": ["markAnswersRead", "Mark submissions read"],
  "patch /api/forms/{id}/answer/status/unread": ["markAnswersUnread", "Mark submissions unread"],
  "delete /api/forms/{id}/answer": ["deleteAnswers", "Delete submissions"],
  "get /api/forms/account/answer/count-new": ["countNewAnswers", "Count new submissions per form"],
  "get /api/forms/{id}/answers/export/{format}": [
    "exportAnswers",
    "Export a form's submissions as a file (or start an export job)",
  ],
  "get /api/forms/{id}/answers/export-jobs/{jobId}": ["getExportJob", "Read an export job's progress"],
  "get /api/exports/download/{token}": ["downloadExport", "Download a finished export"],
  "get /api/forms/{id}/webhooks": ["listFormWebhooks", "List a form's webhooks"],
  "post /api/forms/{id}/webhooks": ["createWebhook", "Create a webhook (answers its signing secret once)"],
  "get /api/forms/{id}/webhooks/{webhookId}": ["getWebhook", "Read a webhook"],
  "patch /api/forms/{id}/webhooks/{webhookId}": ["updateWebhook", "Change a webhook"],
  "delete /api/forms/{id}/webhooks/{webhookId}": ["deleteWebhook", "Delete a webhook"],
  "get /api/forms/{id}/webhooks/{webhookId}/deliveries": [
    "listWebhookDeliveries",
    "List a webhook's deliveries and their attempts",
  ],
  "post /api/forms/{id}/webhooks/{webhookId}/deliveries/{deliveryId}/replay": [
    "replayWebhookDelivery",
    "Send a delivery again",
  ],
  "post /api/forms/{id}/webhooks/{webhookId}/secret/rotate": [
    "rotateWebhookSecret",
    "Give a webhook a new signing secret",
  ],
  "post /api/forms/{id}/webhooks/{webhookId}/test": ["testWebhook", "Send a webhook a test event now"],
  "get /api/webhooks/all": ["listWebhooks", "List the account's webhooks"],
  "get /api/webhooks/payload-schema": [
    "getWebhookPayloadSchema",
    "Read the JSON Schema of webhook deliveries",
  ],
  "get /api/forms/{id}/permissions": ["listFormPermissions", "List the groups' permissions on a form"],
  "get /api/forms/{id}/permissions/group/{groupId}": [
    "getFormGroupPermissions",
    "Read a group's permissions on a form",
  ],
  "put /api/forms/{id}/permissions/group/{groupId}": [
    "setFormGroupPermissions",
    "Set a group's permissions on a form",
  ],
  "get /api/shared-reports/{token}": ["getSharedReport", "Read a shared report by its link"],
  "get /api/search": ["search", "Search forms, submissions and users"],
  "get /api/support/tickets": ["listTickets", "List the support tickets the caller sees"],
  "post /api/support/tickets": ["openTicket", "Open a support ticket"],
  "get /api/support/tickets/{id}": ["getTicket", "Read a support ticket with its messages"],
  "post /api/support/tickets/{id}/messages": ["writeInTicket", "Write in a support ticket"],
  "post /api/support/tickets/{id}/close": ["closeTicket", "Close a support ticket"],
  "post /api/support/tickets/{id}/reopen": ["reopenTicket", "Reopen a closed support ticket"],
  "post /api/support/attachments": ["uploadTicketFile", "Upload a file for a ticket's message"],
  "get /api/support/tickets/{id}/attachments/{fileId}": ["downloadTicketFile", "Download a file of a ticket"],
};

/**
 * The uploads: routes that read their one file themselves (request.file(), request.parts()) and so
 * declare no body Fastify would validate. Per operation, what its multipart field `file` holds.
 */
export const FILE_UPLOADS: Record<string, string> = {
  "post /api/forms/import": "The exported form: one .json file.",
  "post /api/user/upload_file": "The picture: one PNG, JPEG, GIF or WebP image.",
  "post /api/account/brand-kit/images":
    "The logo or cover: one PNG, JPEG, GIF or WebP image of at most 2 MB.",
  "post /api/support/attachments": "The file for a ticket's message: a picture, a PDF or plain text.",
};
