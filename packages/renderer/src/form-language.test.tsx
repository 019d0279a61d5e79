import { RESPONDENT_TEXTS } from "@formloom/core/defaults";
import { ZElement } from "@formloom/core/element-schema";
import { ZFormSettings } from "@formloom/core/form-schema";
import { createElement } from "@formloom/core/new-element";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { catalogTranslate, FormRenderer } from "./form-renderer.tsx";

const day = createElement("dateTime", "day", 0);
const initials = ZElement.parse({
  ...createElement("initials", "name", 1),
  fieldSettings: { showPatronymic: true },
});
const money = createElement("currency", "money", 2);

const page = (language: string, catalog: Record<string, string> = {}) =>
  renderToString(
    <FormRenderer
      settings={ZFormSettings.parse({ title: "Visit", language })}
      fields={[day, initials, money]}
      translate={catalogTranslate(catalog)}
      initialValues={{ day: "2026-03-14" }}
    />,
  );

const dayInput = (html: string) => /<input[^>]*name="day"[^>]*>/.exec(html)?.[0] ?? "";

describe("the page in the form's language", () => {
  it("writes the day as the form's language does, whatever the browser's", () => {
    expect(dayInput(page("RU"))).toContain('type="text"');
    expect(dayInput(page("RU"))).toContain('placeholder="DD.MM.YYYY"');
    expect(dayInput(page("RU"))).toContain('value="14.03.2026"');
    expect(dayInput(page("it"))).toContain('value="14-03-2026"');
    expect(dayInput(page("EN"))).toContain('value="14.03.2026"');
  });

  it("asks a time as HH:mm, on a 24-hour clock whatever the browser's", () => {
    const time = ZElement.parse({
      ...createElement("dateTime", "at", 0),
      fieldSettings: { dateTimeMode: "time" },
    });
    const html = renderToString(
      <FormRenderer
        settings={ZFormSettings.parse({ title: "Visit", language: "RU" })}
        fields={[time]}
        initialValues={{ at: "18:30" }}
      />,
    );
    const input = /<input[^>]*name="at"[^>]*>/.exec(html)?.[0] ?? "";
    expect(input).toContain('type="text"');
    expect(input).toContain('placeholder="HH:mm"');
    expect(input).toContain('value="18:30"');
  });

  it("names the parts of a name and of an amount in the form's language", () => {
    const html = page("RU", {
      [RESPONDENT_TEXTS.firstName]: "Имя",
      [RESPONDENT_TEXTS.patronymic]: "Отчество",
      [RESPONDENT_TEXTS.lastName]: "Фамилия",
      [RESPONDENT_TEXTS.amount]: "Сумма",
      [RESPONDENT_TEXTS.currency]: "Валюта",
    });
    for (const word of ["Имя", "Отчество", "Фамилия", "Сумма", "Валюта"]) expect(html).toContain(word);
    expect(html).not.toContain("Patronymic");
  });
});
