import { Alert, Loader } from "@mantine/core";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { EditorPanel } from "../../../components/editor-panel.tsx";
import { msg } from "../../../i18n/i18n.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { errorText } from "../../../lib/error-text.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { BackLink } from "../../../lib/router-links.tsx";
import { useCreateFormChain, useEditFormChain, useFormChain } from "../api/form-chains.ts";
import { ChainForm } from "./chain-form.tsx";

const editRoute = getRouteApi("/layout/account/form-chains/$id/edit");

function BackToChains() {
  const { t } = useTranslation();
  return <BackLink to="/form-chains/all">{t("Form chains")}</BackLink>;
}

/**
 * A refused save shows its reason in the form; anything else (a lost connection, a server
 * failure) is the chain's generic error, in a toast.
 */
function onSaveError(error: unknown): void {
  if (error instanceof ApiError && error.status < 500) return;
  notifyError(new ApiError(500, { code: "form_chain.failed", message: "" }));
}

/** form-chains/add */
export function NewFormChainPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateFormChain();
  return (
    <EditorPanel back={<BackToChains />} title={t("Add chain")} titleOrder={2} maw={820}>
      <ChainForm
        submitLabel={t("Create")}
        pending={create.isPending}
        serverError={create.error}
        onCancel={() => void navigate({ to: "/form-chains/all" })}
        onSubmit={(body) =>
          create.mutate(body, {
            onError: onSaveError,
            onSuccess: (chain) => {
              notifySuccess(msg("Saved"));
              void navigate({ to: "/form-chains/$id/view", params: { id: chain.id } });
            },
          })
        }
      />
    </EditorPanel>
  );
}

/** form-chains/:id/edit */
export function EditFormChainPage() {
  const { t } = useTranslation();
  const { id } = editRoute.useParams();
  const navigate = useNavigate();
  const { data: chain, error, isPending } = useFormChain(id);
  const edit = useEditFormChain(id);
  if (isPending) return <Loader m="xl" />;
  if (error) return <Alert color="red">{errorText(error)}</Alert>;
  return (
    <EditorPanel
      back={<BackToChains />}
      title={t("Edit {{name}}", { name: chain.name })}
      titleOrder={2}
      maw={820}
    >
      <ChainForm
        key={chain.id}
        chain={chain}
        submitLabel={t("Save")}
        pending={edit.isPending}
        serverError={edit.error}
        onCancel={() => void navigate({ to: "/form-chains/all" })}
        onSubmit={(body) =>
          edit.mutate(body, { onError: onSaveError, onSuccess: () => notifySuccess(msg("Saved")) })
        }
      />
    </EditorPanel>
  );
}
