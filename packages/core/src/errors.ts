/**
 * Message codes shared by the server (which sends them) and the client (which translates them).
 * The English text is the spec's wording where the spec gives one.
 */
export const MESSAGES = {
  "auth.bad_credentials": "Incorrect login or password",
  "auth.rate_limited": "Too many failed sign-in attempts. Please wait a few minutes and try again.",
  "auth.session_required":
    "Sign in with your password to do this: an external app's token may not change e-mails, passwords, tokens, keys or members",
  "auth.current_password.required": "Enter your current password",
  "auth.current_password.wrong": "The current password is not correct",
  "token.expired": "Your session has expired",
  "token.invalid": "Your session is not valid, please sign in again",
  "refresh_token.invalid": "Your session has ended, please sign in again",
  "register.username.length": "Username must be 3 to 16 characters long",
  "register.username.exists": "This username is already taken",
  "register.username.email_like": "A username may not contain @: it must not look like an e-mail address",
  "register.email.required": "E-mail is required",
  "register.email.invalid": "E-mail is not valid",
  "register.email.exists": "This e-mail is already registered",
  "register.password.too_short": "Password must be at least 8 characters long",
  "register.password.too_simple": "Password must contain letters and digits",
  "register.password_confirmation.required": "Please confirm the password",
  "register.password_confirmation.not_equal": "Passwords are not equal",
  "register.terms.required": "You must accept the terms and conditions",
  "register.privacy.required": "You must accept the privacy policy",
  "user.locale.invalid": "Choose one of the offered languages",
  "user.timezone.invalid": "Choose a valid time zone",
  "user.currency.invalid": "Choose a valid currency",
  "reset.already_sent":
    "A request was already sent for this e-mail. Please check your mail or try again in a few minutes.",
  "reset.disabled": "Password resetting is temporary disabled",
  "reset.invalid": "Incorrectly entered data or user not found",
  "account.exists": "Name or subdomain already exists",
  "account.already_member": "You already belong to an account",
  "account.required": "Create an account first",
  "account.dpa.required": "You must accept the data processing agreement",
  "account.not_found": "Account not found",
  "form.not_found": "Form not found",
  "form.alias.exists": "A form with such alias already exists",
  "form.alias.invalid": "The alias may contain only Latin letters, digits and hyphens",
  "form.has_answers": "You can not delete a form if it has submissions!",
  "form.has.chain_elements": "You can not delete a form if it used in form chain items!",
  "form.closed": "This form is closed for submission",
  "form.access_denied": "Access denied: please sign in with an account that may fill this form",
  "form.fields.invalid": "The form's fields are not valid",
  "form.next_submission_time.invalid":
    "Write the time as 1Y, 6W, 1d 6h or 2m 30s (Y, W, d, h, m, s), or leave it empty",
  "answer.not_found": "404 - Form answer not found",
  "answer.required": "Please fill in the required fields",
  "answer.field_required": "Please fill in this field",
  "answer.invalid": "Invalid value in field",
  "answer.invalid_email": "Please enter a valid e-mail address",
  "answer.invalid_website": "Invalid website link",
  "answer.number_out_of_range": "The number is outside the allowed range",
  "answer.too_long": "The answer is too long",
  "answer.unknown_variant": "Please choose one of the offered options",
  "answer.unknown_field": "The answer refers to a field this form does not have",
  "answer.too_short": "The answer is too short",
  "answer.too_few_choices": "Please choose more options",
  "answer.too_many_choices": "Please choose fewer options",
  "answer.invalid_phone": "Please enter a valid phone number",
  "answer.invalid_date": "Please enter a valid date or time",
  "answer.invalid_colour": "Please choose a valid colour",
  "answer.incomplete_name": "Please enter both the first and the last name",
  "answer.matrix_incomplete": "Please answer every row",
  "answer.file_type": "This type of file is not accepted here",
  "answer.file_too_large": "The file is too large",
  "answer.captcha_required": "Please solve the captcha",
  "answer.captcha_invalid": "The captcha check did not pass or was already used. Please solve it again",
  "import.type": "Only .json files can be imported",
  "import.empty": "The file is empty",
  "import.too_large": "The file is too large: the limit is 5 MB",
  "import.invalid": "The file does not hold a valid form",
  "form_rule.name.empty": "Please input rule name",
  "form_rule.name.too_short": "The rule name must have at least 2 symbols",
  "form_rule.field.unknown": "The rule refers to a field this form does not have",
  "form_rule.cycle": "These rules keep changing each other's values",
  "formula_name.required": "A formula name is required",
  "formula_name.not_unique": "Another field already uses this formula name",
  "formula_name.reserved": "This word is reserved and cannot be a formula name",
  "formula_name.format":
    "A formula name starts with a letter and has only Latin letters, digits and underscores",
  "submission.invalid": "Some answers are not valid",
  "submission.accepted": "Thank you! Your answers were sent.",
  "submission.too_soon": "You can not submit this form twice in such short time. Please wait!",
  "submission.form_changed":
    "The form changed while your answers were being sent. Please check them and send again.",
  "submission.time_up_invalid":
    "The answers say a time limit ran out, but the form has no such limit or its time has not run out yet",
  "submission.key.invalid": "The Idempotency-Key header must be 1 to 200 visible characters",
  "request.invalid": "The request is not valid",
  "request.malformed_json": "The request body is not valid JSON",
  "request.too_large": "The request body is too large",
  "request.invalid_characters":
    "The request contains characters that cannot be stored (a NUL character or a broken UTF-16 pair)",
  "request.too_deep": "The request nests too deeply",
  "request.empty": "There is nothing to change: the request names no field to update",
  not_allowed: "Permissions denied",
  "group.name.exists": "This group already exists!",
  "group.name.empty": "Group name can't be empty",
  "group.not_found": "Group not found",
  "group.users.unknown": "Some of these users are not in your account",
  "group.users.not_allowed": "Permissions denied",
  "permissions.unknown": "There is no such permission",
  "permissions.fields.required": "Choose at least one field, or choose another access level",
  "permissions.fields.unknown": "Some of the chosen fields are not in this form",
  "invitation.emails.empty": "Enter at least one e-mail address",
  "invitation.email.invalid": "Some e-mail addresses are not valid",
  "invitation.emails.too_many": "Send at most 100 invitations at a time",
  "invitation.already_member": "They already belong to this account",
  "invitation.invalid": "This invitation is not valid any more. Ask for a new one.",
  "invitation.email.mismatch": "Register with the e-mail address the invitation was sent to",
  "invitation.not_found": "Invitation not found",
  "invitation.already_sent": "This invitation was sent a moment ago. Try again in a few minutes.",
  "invitation.groups.unknown": "Some of these groups are not in your account",
  "external_app.name.too_short": "The name must be longer than 3 characters",
  "external_app.ips.required": "Enter at least one allowed IP address",
  "external_app.ip.invalid": "Some IP addresses are not valid",
  "external_app.expiry.invalid": "Enter a valid expiration date",
  "external_app.expiry.past": "The expiration date must be in the future",
  "external_app.expiry.too_far": "The expiration date can be at most 6 months ahead",
  "external_app.not_found": "External app not found",
  "external_app.not_owner": "Only the token's maker may change it; an admin may only disable or delete it",
  "api_token.invalid": "This API token is not valid",
  "api_token.expired": "This API token has expired",
  "api_token.ip_not_allowed": "This API token may not be used from this IP address",
  "user.not_found": "User not found",
  "user.phone.invalid": "Enter a valid phone number",
  "user.website.invalid": "The website must start with http:// or https://",
  "user.date_of_birth.invalid": "Enter a valid date of birth",
  "user.last_admin": "An account needs at least one admin",
  "user.remove.self": "You cannot remove yourself from the account",
  "user.avatar.type": "The picture must be a PNG, JPEG, GIF or WebP image",
  "user.avatar.too_large": "The picture is too large: the limit is 2 MB",
  "resources.date.invalid": "Enter a valid date",
  "resources.date.order": "Date FROM can not be later than date TO!",
  "api_key.name.too_short": "The name must have at least 2 characters",
  "api_key.service.required": "Name the service the key is for",
  "api_key.key.too_short": "The key must have at least 8 characters",
  "api_key.not_found": "API key not found",
  "email_confirm.already_confirmed": "Your e-mail address is already confirmed",
  "email_confirm.already_sent":
    "The link was sent a moment ago. Please check your mail or try again in a few minutes.",
  "email_confirm.invalid": "This confirmation link is not valid any more",
  not_found: "Not found",
  unauthorized: "Please sign in",
  "server.error": "Something went wrong",
  "network.offline": "No internet connection. Check your connection and try again.",
  "widget.loading": "Loading…",
  "widget.signature.pad": "Signature pad: draw your signature with a mouse, a finger or a pen",
  "widget.signature.typed": "Or type your name to sign",
  "widget.signature.preview": "Your signature",
  "widget.signature.clear": "Clear the signature",
  "widget.map.area": "Map: click or tap to place the point, or enter its coordinates below",
  "widget.map.latitude": "Latitude",
  "widget.map.longitude": "Longitude",
  "widget.map.saved": "Saved places",
  "widget.map.saved_none": "None: my own point",
  "widget.map.clear": "Clear the point",
  "widget.location.use": "Use my location",
  "widget.location.locating": "Finding your location…",
  "widget.location.found": "Your location was filled in",
  "widget.location.denied":
    "Access to your location was refused. Allow it in the browser, or enter the coordinates.",
  "widget.location.unavailable": "Your location could not be found. Try again, or enter the coordinates.",
  "widget.location.unsupported": "This browser cannot share a location. Enter the coordinates instead.",
  "widget.code.camera": "Scan with the camera",
  "widget.code.camera_stop": "Stop the camera",
  "widget.code.camera_view": "Camera view: hold the code in front of the camera",
  "widget.code.camera_error": "The camera could not be started. Type the code or choose a picture of it.",
  "widget.code.image": "Read from a picture",
  "widget.code.not_found": "No QR or bar code was found in this picture",
  "widget.code.read": "The code was read",
  "widget.slider.previous": "Previous picture",
  "widget.slider.next": "Next picture",
  "widget.slider.pictures": "Pictures",
  "widget.popup.close": "Close",
  "widget.nps.low": "Not at all likely",
  "widget.nps.high": "Extremely likely",
  "widget.like.like": "Like",
  "widget.like.dislike": "Dislike",
  "widget.decision.yes": "Yes",
  "widget.media.video": "Video for this question",
  "widget.media.audio": "Audio for this question",
  "widget.upload.uploading": "Uploading",
  "widget.upload.cancel": "Cancel the upload",
  "widget.upload.done": "Uploaded",
  "widget.upload.replace": "Replace the file",
  "widget.upload.remove": "Remove the file",
  "widget.upload.failed": "The file could not be uploaded. Please try again",
  "widget.upload.public_only": "Files can be uploaded on the form's public page",
  "widget.upload.record": "Record",
  "widget.upload.stop": "Stop recording",
  "widget.upload.recording": "Recording…",
  "widget.upload.no_microphone": "The microphone could not be used. Choose a sound file instead",
  "widget.captcha.label": "I am not a robot",
  "widget.captcha.verifying": "Checking…",
  "widget.captcha.verified": "Checked: you can send the form",
  "widget.captcha.failed": "The check could not be done. Please try again",
  "widget.captcha.preview": "Respondents confirm here that they are not a robot, on the form's public page",
} as const;

export type MessageCode = keyof typeof MESSAGES;

export interface ValidationError {
  /** The field (form element id, or a request property path) the error belongs to. */
  field: string;
  code: MessageCode;
  message: string;
}

export function validationError(field: string, code: MessageCode): ValidationError {
  return { field, code, message: MESSAGES[code] };
}

/** The shape of every error response of the API. */
export interface ApiErrorBody {
  code: string;
  message: string;
  errors?: string[];
  validationErrors?: ValidationError[];
}

/**
 * The spec's error helper: the first validation error if there is one, else the errors text
 * if it is under two words, else the word "default".
 */
export function errorHelper(body: Partial<ApiErrorBody> | undefined): string {
  const first = body?.validationErrors?.[0];
  if (first) return first.message;
  const text = (body?.errors ?? []).join(" ").trim();
  if (text && text.split(/\s+/).length < 2) return text;
  return "default";
}
