import { Alert, Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../lib/error-text.ts";
import { AnchorLink } from "../../../lib/router-links.tsx";
import { safePath } from "../../../lib/safe-path.ts";
import { useLogin } from "../api/login.ts";
import { AuthCard } from "./auth-card.tsx";

const route = getRouteApi("/login");

/** The public form page is not a page of this app: it is loaded by the browser as a page of its own. */
function followAfterSignIn(target: string, navigate: (href: string) => unknown) {
  if (target.startsWith("/f/")) window.location.replace(target);
  else void navigate(target);
}

export function LoginPage() {
  const { t } = useTranslation();
  const { redirect, reset } = route.useSearch();
  const navigate = useNavigate();
  const login = useLogin();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { username: username.trim(), password: password.trim() },
      // Only same-site paths are followed after sign-in, never another origin.
      { onSuccess: () => followAfterSignIn(safePath(redirect), (href) => navigate({ href, replace: true })) },
    );
  };

  return (
    <AuthCard
      title={t("Sign in")}
      subtitle={
        <>
          {t("New to Formloom?")}{" "}
          <AnchorLink to="/registration/create" size="sm" underline="always">
            {t("Create a free account")}
          </AnchorLink>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {reset === "done" && !login.error && (
            <Alert color="green" role="status">
              {t("Your password was changed. Sign in with the new one.")}
            </Alert>
          )}
          {login.error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorText(login.error)}
            </Alert>
          )}
          <TextInput
            label={t("Username or e-mail")}
            autoComplete="username"
            required
            autoFocus
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
          />
          <PasswordInput
            label={t("Password")}
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Button
            type="submit"
            loading={login.isPending}
            disabled={!username.trim() || !password.trim()}
            fullWidth
          >
            {t("Sign in")}
          </Button>
          <AnchorLink to="/reset_password" size="sm" ta="center">
            {t("Forgot password?")}
          </AnchorLink>
        </Stack>
      </form>
    </AuthCard>
  );
}
