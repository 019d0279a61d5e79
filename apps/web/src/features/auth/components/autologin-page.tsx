import type { TUserInfo } from "@formloom/core/api/auth";
import { Alert, Button, Center, Group, Loader, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ButtonLink } from "../../../lib/router-links.tsx";
import { safePath } from "../../../lib/safe-path.ts";
import { session } from "../../../lib/session.ts";
import { useUser } from "../api/get-user.ts";
import { AuthCard } from "./auth-card.tsx";

interface Handover {
  token: string;
  refreshToken: string;
  target: string;
}

/** The tokens in the fragment, read once: the address is cleaned before anything else renders. */
function readHandover(): Handover | null {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const token = fragment.get("token");
  const refreshToken = fragment.get("refresh_token");
  if (window.location.hash) window.history.replaceState(null, "", window.location.pathname);
  if (!token || !refreshToken) return null;
  return { token, refreshToken, target: safePath(fragment.get("redirect")) };
}

/**
 * autologin#token=…&refresh_token=…&redirect=/path: signs in with tokens handed over by another
 * window or app. They travel in the fragment, which browsers never send to a server. Someone
 * already signed in is asked first: otherwise a link made by anyone would silently switch them
 * to the link maker's account, and what they then type would land there.
 */
export function AutologinPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [handover] = useState(readHandover);
  const [signedIn] = useState(() => session.token());
  const mustAsk = handover !== null && signedIn !== null && signedIn !== handover.token;

  useEffect(() => {
    if (!handover || mustAsk) return;
    session.store({ token: handover.token, refresh_token: handover.refreshToken });
    void navigate({ href: handover.target, replace: true });
  }, [handover, mustAsk, navigate]);

  if (handover && mustAsk) return <SwitchUser handover={handover} />;
  if (handover) {
    return (
      <Center h="100vh">
        <Loader />
      </Center>
    );
  }
  return (
    <AuthCard title={t("Automatic sign-in")}>
      <Stack>
        <Alert color="red">
          {t("This sign-in link is not complete. Please sign in with your username.")}
        </Alert>
        <ButtonLink to="/login">{t("Sign in")}</ButtonLink>
      </Stack>
    </AuthCard>
  );
}

/** Who the link would sign in as, asked with the link's own token (not the stored one). */
function useHandoverUser(token: string) {
  return useQuery({
    queryKey: ["autologin-user", token],
    queryFn: async () => {
      const response = await fetch("/api/user", { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(String(response.status));
      return (await response.json()) as TUserInfo;
    },
    retry: false,
  });
}

function SwitchUser({ handover }: { handover: Handover }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: current } = useUser();
  const { data: other, isError } = useHandoverUser(handover.token);
  // The same person with fresh tokens (another window of theirs) needs no question.
  const samePerson = current !== undefined && other !== undefined && current.id === other.id;
  useEffect(() => {
    if (!samePerson) return;
    session.store({ token: handover.token, refresh_token: handover.refreshToken });
    window.location.replace(handover.target);
  }, [samePerson, handover]);
  if (!current || (!other && !isError) || samePerson) {
    return (
      <Center h="100vh">
        <Loader />
      </Center>
    );
  }
  const stay = () => void navigate({ to: "/", replace: true });
  const switchUser = () => {
    session.store({ token: handover.token, refresh_token: handover.refreshToken });
    // A full load: nothing cached for the previous user may show under the new one.
    window.location.replace(handover.target);
  };
  return (
    <AuthCard title={t("Automatic sign-in")}>
      <Stack>
        <Text>{t("You are signed in as {{name}}.", { name: current.username })}</Text>
        <Text fw={500}>
          {other
            ? t("Sign in as {{name}} instead?", { name: other.username })
            : t("Sign in as the other user?")}
        </Text>
        <Text size="sm" c="dimmed">
          {t("Continue only if you opened this link yourself and expect to switch users.")}
        </Text>
        <Group grow>
          <Button variant="default" onClick={stay}>
            {t("Stay as {{name}}", { name: current.username })}
          </Button>
          <Button onClick={switchUser}>{t("Continue")}</Button>
        </Group>
      </Stack>
    </AuthCard>
  );
}
