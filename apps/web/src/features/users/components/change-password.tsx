import { type TUpdatePasswordBody, ZUpdatePasswordBody } from "@formloom/core/api/users";
import { Alert, Button, Group, Paper, PasswordInput, Stack } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { msg } from "../../../i18n/i18n.ts";
import { fieldErrors, issueErrors } from "../../../lib/error-text.ts";
import { notifySuccess, notifyUnlessFieldErrors } from "../../../lib/notify.ts";
import { NewPasswordFields } from "../../auth/components/new-password-fields.tsx";
import { useUpdatePassword } from "../api/update-password.ts";

type Values = Required<TUpdatePasswordBody>;
const EMPTY: Values = { currentPassword: "", password: "", passwordConfirmation: "" };

/** user/settings, Password: the current password, then the new one twice. */
export function ChangePassword() {
  const { t } = useTranslation();
  const update = useUpdatePassword();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (field: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZUpdatePasswordBody.safeParse(values);
    if (!parsed.success) return setErrors(issueErrors(parsed.error.issues));
    update.mutate(values, {
      onSuccess: () => {
        setValues(EMPTY);
        setErrors({});
        notifySuccess(msg("Your password was changed. Other devices were signed out."));
      },
      onError: (error) => {
        setErrors(fieldErrors(error));
        notifyUnlessFieldErrors(error);
      },
    });
  };

  return (
    <Paper withBorder p="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Alert variant="light">
            {t("Changing the password signs you out on every other device. This browser stays signed in.")}
          </Alert>
          <PasswordInput
            label={t("Current password")}
            autoComplete="current-password"
            required
            value={values.currentPassword}
            error={errors.currentPassword}
            onChange={(e) => set("currentPassword", e.currentTarget.value)}
          />
          <NewPasswordFields
            label={t("New password")}
            password={values.password}
            confirmation={values.passwordConfirmation}
            errors={errors}
            onChange={set}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {t("Change password")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
