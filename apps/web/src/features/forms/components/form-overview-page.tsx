import { Group, Paper, SimpleGrid, Stack, Switch, Text, Title } from "@mantine/core";
import { getRouteApi } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../../i18n/format.ts";
import { notifyError } from "../../../lib/notify.ts";
import { ButtonLink } from "../../../lib/router-links.tsx";
import { useCan } from "../../auth/api/get-user.ts";
import { useFormCharts } from "../../charts/api/get-charts.ts";
import { ChartsPanel } from "../../charts/components/charts-panel.tsx";
import { DateRangePicker } from "../../charts/components/date-range-picker.tsx";
import { useDateRange } from "../../charts/use-date-range.ts";
import { SubmitRateCard } from "../../results/components/submit-rate-card.tsx";
import { useForm } from "../api/get-form.ts";
import { useForms } from "../api/get-forms.ts";
import { useUpdateForm } from "../api/update-form.ts";
import { publicFormUrl } from "../public-link.ts";
import { CopyLink } from "./copy-link.tsx";

const route = getRouteApi("/layout/account/forms/$id/overview");

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Paper withBorder p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

/** The form's submit rate and charts of its submissions over a range of days, for readers of its results. */
function OverviewCharts({ formId }: { formId: number }) {
  const { t } = useTranslation();
  const [range, setRange] = useDateRange();
  const data = useFormCharts(formId, range, { general: true });
  return (
    <Stack gap="sm" component="section" aria-labelledby="overview-charts">
      <Title order={3} size="h4" id="overview-charts">
        {t("Charts")}
      </Title>
      <DateRangePicker value={range} onChange={setRange} />
      <SubmitRateCard formId={formId} range={range} />
      <ChartsPanel data={data} general />
    </Stack>
  );
}

export function FormOverviewPage() {
  const { t } = useTranslation();
  const can = useCan();
  const { id } = route.useParams();
  const { data } = useForm(id);
  const { data: forms } = useForms();
  const update = useUpdateForm(id);
  const format = useFormat();
  if (!data) return null;
  const listed = forms?.find((f) => f.id === id);
  // A count is null to a user who may not read the form's submissions.
  const countText = (count: number | null | undefined) => (count == null ? "—" : format.number(count));
  // The server's link is the shortest that works; the one made here always names the account.
  const url = data.form.publicLink ?? publicFormUrl(data.form.formPathAlias, data.form.account.subdomain);

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Stat label={t("Submissions")} value={countText(listed?.answerCount)} />
        <Stat label={t("Unread")} value={countText(listed?.newAnswerCount)} />
        <Stat
          label={t("Last submission")}
          value={data.form.lastAnsweredDate ? format.dateTime(data.form.lastAnsweredDate) : "—"}
        />
      </SimpleGrid>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={4}>{t("Sharing")}</Title>
            <Switch
              label={t("Published")}
              checked={data.form.isPublished}
              disabled={update.isPending || !can("forms.edit")}
              onChange={(e) =>
                update.mutate({ isPublished: e.currentTarget.checked }, { onError: notifyError })
              }
            />
          </Group>
          <CopyLink url={url} />
          {!data.form.isPublished && (
            <Text size="sm" c="dimmed">
              {t("Respondents see that the form is closed until you publish it.")}
            </Text>
          )}
        </Stack>
      </Paper>
      <Group>
        {can("forms.edit") && (
          <ButtonLink to="/forms/$id/edit" params={{ id }}>
            {t("Open the builder")}
          </ButtonLink>
        )}
        {can("results.view") && (
          <ButtonLink to="/forms/$id/results" params={{ id }} variant="light">
            {t("See results")}
          </ButtonLink>
        )}
        <ButtonLink to="/forms/$id/publishing" params={{ id }} variant="light">
          {t("QR code and embedding")}
        </ButtonLink>
      </Group>
      {can("results.view") && <OverviewCharts formId={id} />}
    </Stack>
  );
}
