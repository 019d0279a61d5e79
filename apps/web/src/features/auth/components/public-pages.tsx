import type { TTokens } from "@formloom/core/api/auth";
import { Alert, Button, Center, Group, Loader, Stack, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { logout, unwrap } from "../../../lib/api-client.ts";
import { errorText } from "../../../lib/error-text.ts";
import { ButtonLink } from "../../../lib/router-links.tsx";
import { safePath } from "../../../lib/safe-path.ts";
import { session } from "../../../lib/session.ts";
import { client } from "../../../lib/typed-client.ts";
import { AuthCard } from "./auth-card.tsx";

const confirmRoute = getRouteApi("/confirm_email");

/**
 * confirm_email?code=…: confirms the address from the registration mail. The link proves the
 * reader holds the address, so it signs them in: a new user goes on from here. A browser already
 * signed in keeps its sign-in, so a link someone else sent cannot switch it to their account.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const { code } = confirmRoute.useSearch();
  const confirm = useMutation({
    mutationFn: (value: string): Promise<TTokens> =>
      unwrap(client.POST("/api/email-confirm", { body: { code: value } })),
    onSuccess: (tokens) => {
      if (!session.token()) session.store(tokens);
    },
  });
  const { mutate } = confirm;
  useEffect(() => {
    if (code) mutate(code);
  }, [code, mutate]);

  return (
    <AuthCard title={t("E-mail confirmation")}>
      <Stack>
        {confirm.isPending && (
          <Center>
            <Loader />
          </Center>
        )}
        {confirm.isSuccess && (
          <Alert color="green">{t("Thank you, your e-mail address is confirmed.")}</Alert>
        )}
        {(confirm.isError || !code) && (
          <Alert color="red">
            {code ? errorText(confirm.error) : t("This page needs the link from your e-mail.")}
          </Alert>
        )}
        <ButtonLink to="/" variant="light">
          {t("Go to Formloom")}
        </ButtonLink>
      </Stack>
    </AuthCard>
  );
}

const endedRoute = getRouteApi("/session_ended");

/** session_ended: the sign-in ran out; sign in again to stay where one was, or log out. */
export function SessionEndedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { redirect } = endedRoute.useSearch();
  const back = safePath(redirect);
  // Staying means carrying on where one was: straight back when still signed in, else after signing in.
  const stay = () =>
    session.token() ? navigate({ href: back }) : navigate({ to: "/login", search: { redirect: back } });
  return (
    <AuthCard title={t("Your session has ended")}>
      <Stack>
        <Text size="sm">
          {t("For your safety you were signed out. Changes you had not saved were not sent to the server.")}
        </Text>
        <Group grow>
          <Button variant="default" onClick={logout}>
            {t("Log out")}
          </Button>
          <Button onClick={() => void stay()}>{t("Stay here")}</Button>
        </Group>
      </Stack>
    </AuthCard>
  );
}

/** no_account: a signed-in user who belongs to no account yet. */
export function NoAccountPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t("You have no account yet")}>
      <Stack>
        <Text size="sm">
          {t(
            "Forms, results and teams live in an account. Create your own, or ask an account's admin to invite you.",
          )}
        </Text>
        <ButtonLink to="/user/create_account">{t("Create account")}</ButtonLink>
        <Button variant="default" onClick={logout}>
          {t("Log out")}
        </Button>
      </Stack>
    </AuthCard>
  );
}
