import { ZEmbeddingOptions } from "@formloom/core/api/embeddings";
import { beforeAll, describe, expect, it } from "vitest";
import { addLanguage } from "../../i18n/i18n.ts";
import { embedSnippet, htmlEmailSnippet, type SnippetForm } from "./snippets.ts";

const form: SnippetForm = {
  link: "https://forms.example.com/f/feedback",
  embedLink: "https://forms.example.com/f/feedback?a=acme",
  title: 'Say "hi" <script>alert(1)</script>',
  description: "",
  language: "RU",
};
const options = ZEmbeddingOptions.parse({});

describe("embed snippets", () => {
  // The page downloads the form's language when it opens; here, before the first snippet.
  beforeAll(() => addLanguage("ru"));

  it("point the placeholder at the account's link and load the script from the form's own server", () => {
    const code = embedSnippet({ type: "iframe", options: { ...options, height: 720 } }, form);
    expect(code).toContain('data-formloom-form="https://forms.example.com/f/feedback?a=acme"');
    expect(code).toContain('data-formloom-type="iframe"');
    expect(code).toContain('data-formloom-height="720"');
    expect(code).toMatch(/<script src="https:\/\/forms\.example\.com\/embed\.js" async><\/script>$/);
  });

  it("escape the author's texts so a title cannot break out of its attribute", () => {
    const code = embedSnippet(
      { type: "popup_button", options: { ...options, buttonText: '"><img src=x>' } },
      form,
    );
    expect(code).not.toContain("<script>alert");
    expect(code).not.toContain("<img");
    expect(code).toContain('data-formloom-title="Say &quot;hi&quot; &lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(htmlEmailSnippet(form, "#3b5bdb")).not.toContain("<script>");
  });

  it("give a pop-up's close button and a blank button text in the form's language", () => {
    const code = embedSnippet(
      { type: "panel_widget", options: { ...options, side: "left" } },
      { ...form, title: "" },
    );
    expect(code).toContain('data-formloom-close-label="Закрыть"');
    expect(code).toContain('data-formloom-button-text="Открыть форму"');
    expect(code).toContain('data-formloom-side="left"');
  });
});
