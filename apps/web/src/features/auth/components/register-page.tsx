import { ZRegisterBody } from "@formloom/core/api/auth";
import { Button, Checkbox, Stack, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText, fieldErrors, issueErrors } from "../../../lib/error-text.ts";
import { AnchorLink } from "../../../lib/router-links.tsx";
import { useRegister } from "../api/register.ts";
import { AuthCard } from "./auth-card.tsx";
import { NewPasswordFields } from "./new-password-fields.tsx";

const EMPTY = {
  username: "",
  email: "",
  password: "",
  passwordConfirmation: "",
  acceptTermsAndConditionsAgreement: false,
  acceptPrivacyPolicyAgreement: false,
};

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const register = useRegister();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const set = <K extends keyof typeof EMPTY>(key: K, value: (typeof EMPTY)[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The same schema the server checks with: instant feedback, one source of rules.
    const parsed = ZRegisterBody.safeParse(values);
    if (!parsed.success) {
      setErrors(issueErrors(parsed.error.issues));
      return;
    }
    register.mutate(parsed.data, {
      onSuccess: () => void navigate({ to: "/user/create_account" }),
      onError: (error) => {
        const found = fieldErrors(error);
        setErrors(found);
        if (Object.keys(found).length === 0) notifications.show({ color: "red", message: errorText(error) });
      },
    });
  };

  return (
    <AuthCard
      title={t("Create your account")}
      subtitle={
        <>
          {t("Already registered?")}{" "}
          <AnchorLink to="/login" size="sm">
            {t("Sign in")}
          </AnchorLink>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t("Username")}
            description={t("3 to 16 characters")}
            autoComplete="username"
            required
            autoFocus
            value={values.username}
            error={errors.username}
            onChange={(e) => set("username", e.currentTarget.value)}
          />
          <TextInput
            label={t("E-mail")}
            type="email"
            autoComplete="email"
            required
            value={values.email}
            error={errors.email}
            onChange={(e) => set("email", e.currentTarget.value)}
          />
          <NewPasswordFields
            password={values.password}
            confirmation={values.passwordConfirmation}
            errors={errors}
            onChange={set}
          />
          <Checkbox
            label={t("I accept the terms and conditions")}
            checked={values.acceptTermsAndConditionsAgreement}
            error={errors.acceptTermsAndConditionsAgreement}
            onChange={(e) => set("acceptTermsAndConditionsAgreement", e.currentTarget.checked)}
          />
          <Checkbox
            label={t("I accept the privacy policy")}
            checked={values.acceptPrivacyPolicyAgreement}
            error={errors.acceptPrivacyPolicyAgreement}
            onChange={(e) => set("acceptPrivacyPolicyAgreement", e.currentTarget.checked)}
          />
          <Button type="submit" loading={register.isPending} fullWidth mt="xs">
            {t("Register")}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
