import type { Locale } from "./locales.ts";

/** A name in every interface language (platform.md §1). */
type Names = Readonly<Record<Locale, string>>;

interface Background {
  id: string;
  name: Names;
  /** A value the styling model takes as `background` or `pageBackground`: a colour or a gradient. */
  background: string;
}

interface BackgroundGroup {
  id: string;
  name: Names;
  backgrounds: readonly Background[];
}

/**
 * The background library the designer offers (GET /backgrounds/grouped, forms.md §7): light
 * colours, gradients and soft radial light, each light enough for the default dark text to read
 * on. Colours and gradients only, so a form picked from here loads nothing from another site.
 */
export const BACKGROUND_GROUPS: readonly BackgroundGroup[] = [
  {
    id: "colours",
    name: { en: "Colours", ru: "Цвета", uk: "Кольори", es: "Colores", it: "Colori" },
    backgrounds: [
      {
        id: "mist",
        name: { en: "Mist", ru: "Туман", uk: "Туман", es: "Niebla", it: "Nebbia" },
        background: "#f1f3f5",
      },
      {
        id: "sky",
        name: { en: "Sky", ru: "Небо", uk: "Небо", es: "Cielo", it: "Cielo" },
        background: "#e7f5ff",
      },
      {
        id: "mint",
        name: { en: "Mint", ru: "Мята", uk: "М'ята", es: "Menta", it: "Menta" },
        background: "#e6fcf5",
      },
      {
        id: "sand",
        name: { en: "Sand", ru: "Песок", uk: "Пісок", es: "Arena", it: "Sabbia" },
        background: "#fff9db",
      },
      {
        id: "blush",
        name: { en: "Blush", ru: "Румянец", uk: "Рум'янець", es: "Rubor", it: "Cipria" },
        background: "#fff0f6",
      },
      {
        id: "lavender",
        name: { en: "Lavender", ru: "Лаванда", uk: "Лаванда", es: "Lavanda", it: "Lavanda" },
        background: "#f3f0ff",
      },
    ],
  },
  {
    id: "gradients",
    name: { en: "Gradients", ru: "Градиенты", uk: "Градієнти", es: "Degradados", it: "Sfumature" },
    backgrounds: [
      {
        id: "dawn",
        name: { en: "Dawn", ru: "Рассвет", uk: "Світанок", es: "Amanecer", it: "Alba" },
        background: "linear-gradient(135deg, #fff9db, #ffe8cc)",
      },
      {
        id: "lagoon",
        name: { en: "Lagoon", ru: "Лагуна", uk: "Лагуна", es: "Laguna", it: "Laguna" },
        background: "linear-gradient(135deg, #e3fafc, #d0ebff)",
      },
      {
        id: "meadow",
        name: { en: "Meadow", ru: "Луг", uk: "Луг", es: "Pradera", it: "Prato" },
        background: "linear-gradient(135deg, #ebfbee, #d3f9d8)",
      },
      {
        id: "dusk",
        name: { en: "Dusk", ru: "Сумерки", uk: "Сутінки", es: "Atardecer", it: "Crepuscolo" },
        background: "linear-gradient(135deg, #f3f0ff, #ffdeeb)",
      },
      {
        id: "steel",
        name: { en: "Steel", ru: "Сталь", uk: "Сталь", es: "Acero", it: "Acciaio" },
        background: "linear-gradient(180deg, #f8f9fa, #dee2e6)",
      },
      {
        id: "peach",
        name: { en: "Peach", ru: "Персик", uk: "Персик", es: "Melocotón", it: "Pesca" },
        background: "linear-gradient(135deg, #fff4e6, #ffe3e3)",
      },
    ],
  },
  {
    id: "soft-light",
    name: { en: "Soft light", ru: "Мягкий свет", uk: "М'яке світло", es: "Luz suave", it: "Luce soffusa" },
    backgrounds: [
      {
        id: "halo-blue",
        name: {
          en: "Blue halo",
          ru: "Голубой ореол",
          uk: "Блакитний ореол",
          es: "Halo azul",
          it: "Alone azzurro",
        },
        background: "radial-gradient(circle, #ffffff, #d0ebff)",
      },
      {
        id: "halo-green",
        name: {
          en: "Green halo",
          ru: "Зелёный ореол",
          uk: "Зелений ореол",
          es: "Halo verde",
          it: "Alone verde",
        },
        background: "radial-gradient(circle, #ffffff, #d3f9d8)",
      },
      {
        id: "halo-rose",
        name: {
          en: "Rose halo",
          ru: "Розовый ореол",
          uk: "Рожевий ореол",
          es: "Halo rosa",
          it: "Alone rosa",
        },
        background: "radial-gradient(circle, #ffffff, #ffdeeb)",
      },
      {
        id: "halo-gold",
        name: {
          en: "Gold halo",
          ru: "Золотой ореол",
          uk: "Золотий ореол",
          es: "Halo dorado",
          it: "Alone dorato",
        },
        background: "radial-gradient(circle, #ffffff, #fff3bf)",
      },
    ],
  },
];

/** The library with its names in one language, as the API sends it. */
export function groupedBackgrounds(locale: Locale) {
  return BACKGROUND_GROUPS.map((group) => ({
    id: group.id,
    name: group.name[locale],
    backgrounds: group.backgrounds.map((item) => ({
      id: item.id,
      name: item.name[locale],
      background: item.background,
    })),
  }));
}
