// What the S3 storage tests upload: a one-pixel picture to a form with a picture question.
import { randomUUID } from "node:crypto";

export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
export const uploadForm = {
  title: "Claims",
  fields: [
    { id: "name", fieldType: "text", question: "Your name" },
    { id: "pic", fieldType: "image", question: "Picture of the damage" },
  ],
};

/** Uploads the picture to `target`'s picture question through the public upload call. */
export async function upload(base: string, target: number) {
  const body = new FormData();
  body.append("formId", String(target));
  body.append("fieldId", "pic");
  body.append("key", randomUUID());
  body.append("file", new Blob([PNG], { type: "image/png" }), "damage.png");
  const response = await fetch(`${base}/api/forms/upload_file`, { method: "POST", body });
  return { status: response.status, body: (await response.json()) as { id: string; url: string } };
}
