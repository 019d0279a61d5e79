import { Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { msg } from "../../../i18n/i18n.ts";
import { AuthCard } from "./auth-card.tsx";

/**
 * The terms and the privacy policy registration links to when the operator has not set their own
 * (TERMS_URL, PRIVACY_URL): short, plain, in the reader's language.
 */
const TERMS = [
  msg(
    "These terms apply to everyone who uses this Formloom installation. Its operator may replace them with their own.",
  ),
  msg("Keep your sign-in details to yourself: you are responsible for what is done with your account."),
  msg(
    "Build forms and collect answers only for lawful purposes, and ask respondents only for data you have a reason to collect.",
  ),
  msg(
    "Forms, answers and files belong to you and your account. The operator keeps them only to run the service and deletes them when you delete them.",
  ),
  msg("The operator may suspend an account that breaks these terms or harms others."),
  msg(
    "The service is provided as it is, without warranty. The operator is not liable for lost data or interruptions beyond what the law requires.",
  ),
];

const PRIVACY = [
  msg(
    "This page says what this Formloom installation stores about you and why. Its operator may replace it with their own.",
  ),
  msg(
    "Your account: username, e-mail address, password (only as a secure hash), profile and settings. They sign you in and address the mails you ask for.",
  ),
  msg(
    "Forms and answers: what an account builds and what respondents submit, with the time, device type and browser language of each submission. Only the account's members allowed to see results read them.",
  ),
  msg(
    "Security: sign-in attempts and the addresses they come from are kept for a short time, to stop password guessing.",
  ),
  msg(
    "Cookies: your sign-in is kept in this browser's storage, and public forms set one cookie to keep the time between submissions. Nothing follows you to other sites, and nothing is sold or shared with advertisers.",
  ),
  msg(
    "You may see, correct or delete your data in your profile, or ask your account's admin or the operator to do it.",
  ),
];

function LegalPage({ title, paragraphs }: { title: string; paragraphs: string[] }) {
  const { t } = useTranslation();
  return (
    <AuthCard title={title} width={640}>
      <Stack gap="sm">
        {paragraphs.map((paragraph) => (
          <Text key={paragraph} size="sm">
            {t(paragraph)}
          </Text>
        ))}
      </Stack>
    </AuthCard>
  );
}

/** pages/terms */
export function TermsPage() {
  const { t } = useTranslation();
  return <LegalPage title={t("Terms and conditions")} paragraphs={TERMS} />;
}

/** pages/privacy */
export function PrivacyPage() {
  const { t } = useTranslation();
  return <LegalPage title={t("Privacy policy")} paragraphs={PRIVACY} />;
}
