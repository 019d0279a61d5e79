import type { FieldType } from "@formloom/core/element-schema";
import { validationError } from "@formloom/core/errors";
import { FORM_POST_FIELDS, otherTextName, postsNatively } from "@formloom/core/form-post";
import { ZFormSettings } from "@formloom/core/form-schema";
import { createElement } from "@formloom/core/new-element";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormRenderer } from "./form-renderer.tsx";

/** The form controls in server-rendered HTML, as name → their tags. */
function controls(html: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const [tag] of html.matchAll(/<(input|select|textarea)\b[^>]*>/g)) {
    const name = /\bname="([^"]*)"/.exec(tag)?.[1];
    if (name) found.set(name, [...(found.get(name) ?? []), tag]);
  }
  return found;
}

const settings = ZFormSettings.parse({ title: "Visit" });
const TYPES: FieldType[] = [
  "text",
  "email",
  "phone",
  "number",
  "textarea",
  "radio",
  "checkbox",
  "select",
  "nps",
  "rate",
  "dateTime",
  "slider",
  "decisionBox",
  "like",
];
const fields = TYPES.map((type, index) => createElement(type, `q_${type}`, index));

describe("the form without JavaScript: a plain HTML form the browser can post", () => {
  it("names every answer's control by its element, with the value the browser sends", () => {
    const found = controls(renderToString(<FormRenderer settings={settings} fields={fields} seed="s" />));
    for (const type of TYPES) {
      expect(postsNatively(type), type).toBe(true);
      expect(found.get(`q_${type}`)?.length, type).toBeGreaterThan(0);
    }
    // Options post their ids; scales their numbers; the box "true".
    expect(found.get("q_radio")?.map((tag) => /value="([^"]*)"/.exec(tag)?.[1])).toEqual(["v1", "v2", "v3"]);
    expect(found.get("q_checkbox")?.every((tag) => tag.includes('type="checkbox"'))).toBe(true);
    expect(found.get("q_nps")?.map((tag) => /value="([^"]*)"/.exec(tag)?.[1])).toEqual(
      Array.from({ length: 11 }, (_, n) => String(n)),
    );
    expect(found.get("q_decisionBox")?.[0]).toContain('value="true"');
    expect(found.get("q_like")?.map((tag) => /value="([^"]*)"/.exec(tag)?.[1])).toEqual(["like", "dislike"]);
  });

  it("posts to the page's own address with its hidden inputs", () => {
    const html = renderToString(
      <FormRenderer
        settings={settings}
        fields={fields}
        seed="s"
        action="/f/visit?a=demo"
        hiddenFields={{ [FORM_POST_FIELDS.submissionKey]: "k-1", [FORM_POST_FIELDS.seed]: "s" }}
      />,
    );
    const form = /<form\b[^>]*>/.exec(html)?.[0];
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/f/visit?a=demo"');
    const found = controls(html);
    expect(found.get(FORM_POST_FIELDS.submissionKey)?.[0]).toMatch(/type="hidden".*value="k-1"/);
    expect(found.get(FORM_POST_FIELDS.seed)?.[0]).toContain('value="s"');
  });

  it("draws a posted form again with its answers and the server's errors", () => {
    const html = renderToString(
      <FormRenderer
        settings={settings}
        fields={fields}
        seed="s"
        initialValues={{ q_text: "Ann <3", q_radio: "v2", q_checkbox: ["v1", "v3"], q_nps: 7 }}
        initialErrors={[validationError("q_email", "answer.required")]}
        scriptNotice="Needs <JavaScript>"
      />,
    );
    const found = controls(html);
    expect(found.get("q_text")?.[0]).toContain('value="Ann &lt;3"');
    const checked = (name: string) =>
      found
        .get(name)
        ?.filter((tag) => /\bchecked=""/.test(tag))
        .map((tag) => /value="([^"]*)"/.exec(tag)?.[1]);
    expect(checked("q_radio")).toEqual(["v2"]);
    expect(checked("q_checkbox")).toEqual(["v1", "v3"]);
    expect(checked("q_nps")).toEqual(["7"]);
    expect(html).toContain("Please fill in this field");
    expect(html).toContain("Please fill in the required fields");
    expect(html).toContain(
      '<noscript><p class="fl-noscript" role="alert">Needs &lt;JavaScript&gt;</p></noscript>',
    );
  });

  it("offers Other with its own text input, posted beside the option", () => {
    const base = createElement("radio", "q_pick", 0);
    const pick = { ...base, fieldSettings: { ...base.fieldSettings, hasOtherVariant: true } };
    const html = renderToString(
      <FormRenderer
        settings={settings}
        fields={[pick]}
        seed="s"
        initialValues={{ q_pick: "other:Purple" }}
      />,
    );
    const found = controls(html);
    const other = found.get("q_pick")?.at(-1) ?? "";
    expect(other).toContain('value="other:"');
    expect(other).toMatch(/\bchecked=""/);
    expect(found.get(otherTextName("q_pick"))?.[0]).toContain('value="Purple"');
    expect(html).toContain(">Other<");
  });
});

describe("a multiple choice with a most to choose", () => {
  const limited = {
    ...createElement("multipleChoice", "q_many", 0),
  };
  limited.fieldSettings = { ...limited.fieldSettings, maxChoices: 2 };
  const optionsOf = (values: Record<string, unknown>) =>
    controls(
      renderToString(<FormRenderer settings={settings} fields={[limited]} seed="s" initialValues={values} />),
    ).get("q_many") ?? [];

  it("leaves every option open without the page's script, which alone could open them again", () => {
    const full = optionsOf({ q_many: ["v1", "v2"] });
    expect(full).toHaveLength(3);
    expect(full.some((tag) => /\bdisabled=""/.test(tag))).toBe(false);
  });
});
