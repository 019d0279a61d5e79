import type {
  TAnswerFaces,
  TAnswerFieldsEmotions,
  TFormFieldsEmotions,
} from "@formloom/core/api/recognition";
import { useQuery } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

/** Each question's emotions in one submission (GET …/answer/{answerId}/charts/fields-emotions). */
export const useAnswerFieldsEmotions = (formId: number, answerId: number) =>
  useQuery({
    queryKey: ["forms", formId, "answer", answerId, "fields-emotions"],
    queryFn: (): Promise<TAnswerFieldsEmotions> =>
      unwrap(
        client.GET("/api/forms/{id}/answer/{answerId}/charts/fields-emotions", {
          params: { path: { id: formId, answerId } },
        }),
      ),
  });

/** The faces, age and gender seen in one submission (GET …/answer/{answerId}/faces). */
export const useAnswerFaces = (formId: number, answerId: number) =>
  useQuery({
    queryKey: ["forms", formId, "answer", answerId, "faces"],
    queryFn: (): Promise<TAnswerFaces> =>
      unwrap(
        client.GET("/api/forms/{id}/answer/{answerId}/faces", { params: { path: { id: formId, answerId } } }),
      ),
  });

/** Each question's dominant emotions over the form's submissions (GET …/answers/charts/fields-emotions). */
export const useFormFieldsEmotions = (formId: number) =>
  useQuery({
    queryKey: ["forms", formId, "answers", "fields-emotions"],
    queryFn: (): Promise<TFormFieldsEmotions> =>
      unwrap(
        client.GET("/api/forms/{id}/answers/charts/fields-emotions", { params: { path: { id: formId } } }),
      ),
  });
