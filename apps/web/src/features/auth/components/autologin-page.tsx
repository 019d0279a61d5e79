import type { TUserInfo } from "@formloom/core/api/auth";
import { Alert, Button, Center, Group, Loader, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { send, unwrap } from "../../../lib/api-client.ts";
import { ButtonLink } from "../../../lib/router-links.tsx";
import { safePath } from "../../../lib/safe-path.ts";
import { session } from "../../../lib/session.ts";
import { client } from "../../../lib/typed-client.ts";
import { userQueryOptions } from "../api/get-user.ts";
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
 * window or app. They travel in the fragment, which browsers never send to a server. The visitor
 * is always asked first, signed in or not: a link made by anyone would otherwise sign them in as
 * the link maker, and what they then type would land in that account. Only a link for the person
 * already signed in here (another window of theirs) goes through without a question.
 */
export function AutologinPage() {
  const { t } = useTranslation();
  const [handover] = useState(readHandover);
  const [signedIn] = useState(() => session.token());

  if (handover) return <ConfirmHandover handover={handover} signedIn={signedIn !== null} />;
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
    queryFn: (): Promise<TUserInfo> =>
      unwrap(client.GET("/api/user", { fetch: (request) => send(request, { token }) })),
    retry: false,
  });
}

/** Takes the link's tokens and opens its page with a full load: nothing cached for anyone else shows. */
function takeHandover(handover: Handover): void {
  session.store({ token: handover.token, refresh_token: handover.refreshToken });
  window.location.replace(handover.target);
}

function ConfirmHandover({ handover, signedIn }: { handover: Handover; signedIn: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Asked only of someone signed in here: without a sign-in there is nobody to ask about.
  const { data: current, isError: noCurrent } = useQuery({ ...userQueryOptions, enabled: signedIn });
  const { data: other, isError } = useHandoverUser(handover.token);
  // The same person with fresh tokens (another window of theirs) needs no question.
  const samePerson = signedIn && current !== undefined && other !== undefined && current.id === other.id;
  useEffect(() => {
    if (samePerson) takeHandover(handover);
  }, [samePerson, handover]);
  const knowsCurrent = !signedIn || current !== undefined || noCurrent;
  if (!knowsCurrent || (!other && !isError) || samePerson) {
    return (
      <Center h="100vh">
        <Loader />
      </Center>
    );
  }
  const asSomeone = signedIn && current !== undefined;
  const stay = () => void navigate({ to: asSomeone ? "/" : "/login", replace: true });
  const question = asSomeone
    ? other
      ? t("Sign in as {{name}} instead?", { name: other.username })
      : t("Sign in as the other user?")
    : other
      ? t("Sign in as {{name}}?", { name: other.username })
      : t("Sign in with this link?");
  return (
    <AuthCard title={t("Automatic sign-in")}>
      <Stack>
        {asSomeone && <Text>{t("You are signed in as {{name}}.", { name: current.username })}</Text>}
        <Text fw={500}>{question}</Text>
        <Text size="sm" c="dimmed">
          {asSomeone
            ? t("Continue only if you opened this link yourself and expect to switch users.")
            : t("Continue only if you opened this link yourself and expect to use this account.")}
        </Text>
        <Group grow>
          <Button variant="default" onClick={stay}>
            {asSomeone ? t("Stay as {{name}}", { name: current.username }) : t("Cancel")}
          </Button>
          <Button onClick={() => takeHandover(handover)}>{t("Continue")}</Button>
        </Group>
      </Stack>
    </AuthCard>
  );
}
