import { ZResetConfirmBody, ZResetRequestBody } from "@formloom/core/api/auth";
import { Alert, Anchor, Button, Stack, TextInput } from "@mantine/core";
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText, fieldErrors, issueErrors } from "../../../lib/error-text.ts";
import { AnchorLink } from "../../../lib/router-links.tsx";
import { useConfirmReset, useRequestReset } from "../api/reset-password.ts";
import { AuthCard } from "./auth-card.tsx";
import { NewPasswordFields } from "./new-password-fields.tsx";

/** /reset_password: asks for the account's e-mail and sends a link. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const request = useRequestReset();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZResetRequestBody.safeParse({ email });
    if (!parsed.success) return setError(issueErrors(parsed.error.issues).email);
    setError(undefined);
    request.mutate(parsed.data.email);
  };

  return (
    <AuthCard title={t("Reset your password")} subtitle={t("We will send a link to choose a new one.")}>
      {request.isSuccess ? (
        <Stack>
          <Alert color="green" role="status">
            {t(
              "If an account uses this e-mail, a link to reset its password is on its way. It works once, for one hour.",
            )}
          </Alert>
          <Anchor component={Link} to="/login" size="sm">
            {t("Back to sign in")}
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            {request.error && (
              <Alert color="red" role="alert">
                {errorText(request.error)}
              </Alert>
            )}
            <TextInput
              label={t("E-mail")}
              type="email"
              autoComplete="email"
              required
              autoFocus
              value={email}
              error={error}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Button type="submit" loading={request.isPending} fullWidth>
              {t("Send the link")}
            </Button>
            <AnchorLink to="/login" size="sm" ta="center">
              {t("Back to sign in")}
            </AnchorLink>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}

const confirmRoute = getRouteApi("/reset_password/confirm");

/** /reset_password/confirm?code=…: chooses the new password. */
export function ResetPasswordConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { code } = confirmRoute.useSearch();
  const confirm = useConfirmReset();
  const [values, setValues] = useState({ password: "", passwordConfirmation: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZResetConfirmBody.safeParse({ code: code ?? "", ...values });
    if (!parsed.success) return setErrors(issueErrors(parsed.error.issues));
    setErrors({});
    confirm.mutate(parsed.data, {
      onSuccess: () => void navigate({ to: "/login", search: { reset: "done" } }),
      onError: (error) => setErrors(fieldErrors(error)),
    });
  };

  return (
    <AuthCard title={t("Choose a new password")}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {(errors.code || (confirm.error && !Object.keys(fieldErrors(confirm.error)).length)) && (
            <Alert color="red" role="alert">
              {errors.code ?? errorText(confirm.error)}
            </Alert>
          )}
          <NewPasswordFields
            label={t("New password")}
            password={values.password}
            confirmation={values.passwordConfirmation}
            errors={errors}
            onChange={(field, value) => setValues((v) => ({ ...v, [field]: value }))}
            autoFocus
          />
          <Button type="submit" loading={confirm.isPending} fullWidth>
            {t("Set the new password")}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
