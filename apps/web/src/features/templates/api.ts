import type { TFormPatchBody, TFormWithFields } from "@formloom/core/api/forms";
import type { TTheme } from "@formloom/core/api/themes";
import type { ThemeTemplate } from "@formloom/core/templates/theme-templates";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../lib/api-client.ts";
import { client } from "../../lib/typed-client.ts";
import { themesKey } from "../themes/api.ts";

/** POST /forms/templates/{id}: a new form of the account from a starter template. */
export const useCreateFromTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateId: string): Promise<TFormWithFields> =>
      unwrap(client.POST("/api/forms/templates/{templateId}", { params: { path: { templateId } } })),
    onSuccess: (created) => {
      queryClient.setQueryData(["forms", created.form.id], created);
      return queryClient.invalidateQueries({ queryKey: ["forms"], exact: true });
    },
  });
};

/** A theme template's styling, as a form's settings take it (no saved theme behind it). */
export const themeSettings = (template: ThemeTemplate) =>
  ({
    formStyling: template.styling.formStyling,
    fieldsGeneralStyling: template.styling.fieldsGeneralStyling,
    fieldsTypesStyling: template.styling.fieldsTypesStyling,
    formColor: template.styling.formColor ?? "",
    themeId: null,
  }) satisfies TFormPatchBody;

/** Styles one form of the account with a theme template. */
export const useApplyThemeTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      formId,
      template,
    }: {
      formId: number;
      template: ThemeTemplate;
    }): Promise<TFormWithFields> =>
      unwrap(
        client.PATCH("/api/forms/{id}", { params: { path: { id: formId } }, body: themeSettings(template) }),
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(["forms", saved.form.id], saved);
      return queryClient.invalidateQueries({ queryKey: ["forms"], exact: true });
    },
  });
};

/** Keeps a theme template among the user's own themes, to adjust in the builder later. */
export const useSaveThemeTemplate = (userId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (template: ThemeTemplate): Promise<TTheme> =>
      unwrap(
        client.POST("/api/form-themes/account/{userId}", {
          params: { path: { userId } },
          body: { name: template.name, description: template.description, styling: template.styling },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: themesKey("own", userId) }),
  });
};
