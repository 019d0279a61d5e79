import { type ACCOUNT_TYPES, ZCreateAccountBody } from "@formloom/core/api/auth";
import { slugify } from "@formloom/core/slug";
import {
  Alert,
  Button,
  Checkbox,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { msg } from "../../../i18n/i18n.ts";
import { errorText, fieldErrors, issueErrors } from "../../../lib/error-text.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useCreateAccount } from "../api/create-account.ts";
import { useUser } from "../api/get-user.ts";

export function CreateAccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useUser();
  const create = useCreateAccount();
  const [name, setName] = useState("");
  const [subdomain, setSubdomain] = useState("");
  const [subdomainEdited, setSubdomainEdited] = useState(false);
  const [type, setType] = useState<(typeof ACCOUNT_TYPES)[number]>("company");
  const [acceptDpa, setAcceptDpa] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  if (user?.account) {
    return (
      <Alert maw={560} title={t("You already have an account")}>
        {user.account.name}
      </Alert>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZCreateAccountBody.safeParse({ name, subdomain, type, acceptDpa });
    if (!parsed.success) {
      setErrors(issueErrors(parsed.error.issues));
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (account) => {
        notifySuccess(msg("Account {{name}} was created"), { name: account.name });
        // The dashboard greets a new account with its first step (platform.md §2: "/" is the dashboard).
        void navigate({ to: "/" });
      },
      onError: (error) => {
        const found = fieldErrors(error);
        setErrors(Object.keys(found).length > 0 ? found : { form: errorText(error) });
      },
    });
  };

  return (
    <Paper withBorder p="xl" maw={560} mx="auto" mt="md">
      <Title order={2}>{t("Create account")}</Title>
      <Text c="dimmed" size="sm" mb="lg">
        {t("Your account holds your team's forms and results.")}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack>
          {errors.form && <Alert color="red">{errors.form}</Alert>}
          <TextInput
            label={t("Account name")}
            required
            value={name}
            error={errors.name}
            onChange={(e) => {
              const next = e.currentTarget.value;
              setName(next);
              if (!subdomainEdited) setSubdomain(slugify(next).slice(0, 63));
            }}
          />
          <TextInput
            label={t("Subdomain")}
            description={t("Used in the links of your public forms")}
            required
            value={subdomain}
            error={errors.subdomain}
            onChange={(e) => {
              setSubdomainEdited(true);
              setSubdomain(e.currentTarget.value.toLowerCase());
            }}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t("Account type")}
            </Text>
            <SegmentedControl
              value={type}
              onChange={(value) => setType(value as (typeof ACCOUNT_TYPES)[number])}
              data={[
                { value: "individual", label: t("Individual") },
                { value: "company", label: t("Company") },
              ]}
            />
          </Stack>
          <Checkbox
            label={t("I accept the data processing agreement")}
            checked={acceptDpa}
            error={errors.acceptDpa}
            onChange={(e) => setAcceptDpa(e.currentTarget.checked)}
          />
          <Button type="submit" loading={create.isPending}>
            {t("Create account")}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
