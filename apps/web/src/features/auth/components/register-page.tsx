import { ZRegisterBody } from "@formloom/core/api/auth";
import { Alert, Anchor, Button, Checkbox, Stack, TextInput } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, type ReactNode, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { msg } from "../../../i18n/i18n.ts";
import { fieldErrors, issueErrors } from "../../../lib/error-text.ts";
import { notifyError } from "../../../lib/notify.ts";
import { AnchorLink } from "../../../lib/router-links.tsx";
import { useLegalLinks } from "../api/legal-links.ts";
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

interface Invite {
  code: string;
  email: string;
  accountName: string;
}

/** registration/create, and registration/join with an invitation (the address is the invited one). */
export function RegisterPage({ invite }: { invite?: Invite }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const register = useRegister();
  const [values, setValues] = useState({ ...EMPTY, email: invite?.email ?? "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sentTo, setSentTo] = useState<string>();
  const { data: links } = useLegalLinks();

  const set = <K extends keyof typeof EMPTY>(key: K, value: (typeof EMPTY)[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The same schema the server checks with: instant feedback, one source of rules.
    const parsed = ZRegisterBody.safeParse({ ...values, inviteCode: invite?.code });
    if (!parsed.success) {
      setErrors(issueErrors(parsed.error.issues));
      return;
    }
    register.mutate(parsed.data, {
      onSuccess: (result) => {
        if ("checkEmail" in result) return setSentTo(parsed.data.email);
        // An invited user already belongs to the account; anyone else creates one next.
        void navigate({ to: invite ? "/" : "/user/create_account" });
      },
      onError: (error) => {
        const found = fieldErrors(error);
        setErrors(found);
        if (Object.keys(found).length === 0) notifyError(error);
      },
    });
  };

  if (sentTo) return <CheckYourInbox email={sentTo} />;

  return (
    <AuthCard
      title={invite ? t("Join {{account}}", { account: invite.accountName }) : t("Create your account")}
      subtitle={
        <>
          {t("Already registered?")}{" "}
          <AnchorLink
            to="/login"
            search={invite ? { redirect: `/registration/join?code=${encodeURIComponent(invite.code)}` } : {}}
            size="sm"
            underline="always"
          >
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
            readOnly={invite !== undefined}
            description={invite ? t("The invitation was sent to this address.") : undefined}
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
            label={
              <Trans
                t={t}
                i18nKey={msg("I accept the <page>terms and conditions</page>")}
                components={{ page: <LegalLink to={links?.termsUrl ?? "/pages/terms"} /> }}
              />
            }
            checked={values.acceptTermsAndConditionsAgreement}
            error={errors.acceptTermsAndConditionsAgreement}
            onChange={(e) => set("acceptTermsAndConditionsAgreement", e.currentTarget.checked)}
          />
          <Checkbox
            label={
              <Trans
                t={t}
                i18nKey={msg("I accept the <page>privacy policy</page>")}
                components={{ page: <LegalLink to={links?.privacyUrl ?? "/pages/privacy"} /> }}
              />
            }
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

/** The terms or the privacy policy, read in a new tab so the half-filled form stays. */
function LegalLink({ to, children }: { to: string; children?: ReactNode }) {
  return (
    // Underlined: inside a sentence a link must not be told apart by its colour alone.
    <Anchor href={to} target="_blank" rel="noopener noreferrer" inherit underline="always">
      {children}
    </Anchor>
  );
}

/** The answer to a registration that cannot sign in yet: the mail says how to go on. */
function CheckYourInbox({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t("Check your inbox")}>
      <Stack>
        <Alert color="blue" role="status">
          {t("We sent a message to {{email}}. It tells you how to go on.", { email })}
        </Alert>
        <AnchorLink to="/login" size="sm" ta="center">
          {t("Back to sign in")}
        </AnchorLink>
      </Stack>
    </AuthCard>
  );
}
