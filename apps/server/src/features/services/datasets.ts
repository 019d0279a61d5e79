import type { TDataset } from "@formloom/core/api/billing";

/**
 * The sample data sets the marketplace offers: made in code, the same bytes every time, so the
 * server needs no files beside its bundle. Each is something to try a feature on: answers to
 * import and chart, and places with coordinates to try location questions and maps with.
 */
interface DatasetDefinition extends Omit<TDataset, "rows"> {
  rows(): string[][];
}

/** A small deterministic generator (mulberry32), so a download is the same on every instance. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const AGE_GROUPS = ["18-24", "25-34", "35-44", "45-54", "55-64", "65+"];
const CHANNELS = ["Web", "E-mail", "Phone", "In person"];
const COMMENTS = [
  "Quick and friendly",
  "Had to wait too long",
  "The form was easy to fill",
  "Please add more payment options",
  "",
  "",
];

function surveyAnswers(): string[][] {
  const random = generator(29);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const start = Date.UTC(2026, 0, 5, 8);
  return Array.from({ length: 200 }, (_, i) => {
    const satisfaction = 1 + Math.floor(random() * 5);
    return [
      String(i + 1),
      new Date(start + Math.floor(random() * 90 * 86_400_000)).toISOString(),
      pick(AGE_GROUPS),
      pick(CHANNELS),
      String(satisfaction),
      satisfaction >= 4 ? "Yes" : satisfaction === 3 ? pick(["Yes", "No"]) : "No",
      pick(COMMENTS),
    ];
  });
}

const CAPITALS: ReadonlyArray<[string, string, number, number]> = [
  ["Amsterdam", "Netherlands", 52.3676, 4.9041],
  ["Athens", "Greece", 37.9838, 23.7275],
  ["Berlin", "Germany", 52.52, 13.405],
  ["Bratislava", "Slovakia", 48.1486, 17.1077],
  ["Brussels", "Belgium", 50.8503, 4.3517],
  ["Bucharest", "Romania", 44.4268, 26.1025],
  ["Budapest", "Hungary", 47.4979, 19.0402],
  ["Copenhagen", "Denmark", 55.6761, 12.5683],
  ["Dublin", "Ireland", 53.3498, -6.2603],
  ["Helsinki", "Finland", 60.1699, 24.9384],
  ["Kyiv", "Ukraine", 50.4501, 30.5234],
  ["Lisbon", "Portugal", 38.7223, -9.1393],
  ["Ljubljana", "Slovenia", 46.0569, 14.5058],
  ["London", "United Kingdom", 51.5072, -0.1276],
  ["Madrid", "Spain", 40.4168, -3.7038],
  ["Oslo", "Norway", 59.9139, 10.7522],
  ["Paris", "France", 48.8566, 2.3522],
  ["Prague", "Czechia", 50.0755, 14.4378],
  ["Riga", "Latvia", 56.9496, 24.1052],
  ["Rome", "Italy", 41.9028, 12.4964],
  ["Sofia", "Bulgaria", 42.6977, 23.3219],
  ["Stockholm", "Sweden", 59.3293, 18.0686],
  ["Tallinn", "Estonia", 59.437, 24.7536],
  ["Vienna", "Austria", 48.2082, 16.3738],
  ["Vilnius", "Lithuania", 54.6872, 25.2797],
  ["Warsaw", "Poland", 52.2297, 21.0122],
  ["Zagreb", "Croatia", 45.815, 15.9819],
];

const DATASETS: readonly DatasetDefinition[] = [
  {
    id: "customer-survey",
    title: "Customer satisfaction answers",
    description: "200 answers to a five-question satisfaction survey, to import, chart and filter.",
    columns: [
      "respondent",
      "submitted_at",
      "age_group",
      "channel",
      "satisfaction",
      "would_recommend",
      "comment",
    ],
    rows: surveyAnswers,
  },
  {
    id: "european-capitals",
    title: "European capitals with coordinates",
    description: "27 capitals with their country, latitude and longitude, for location questions and maps.",
    columns: ["city", "country", "latitude", "longitude"],
    rows: () => CAPITALS.map(([city, country, lat, lon]) => [city, country, String(lat), String(lon)]),
  },
];

export function listDatasets(): TDataset[] {
  return DATASETS.map(({ rows, ...dataset }) => ({ ...dataset, rows: rows().length }));
}

/** A CSV cell as RFC 4180 quotes it; a leading formula sign is defused for spreadsheets. */
function cell(value: string): string {
  const safe = /^[=+\-@]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The data set's CSV (header first, CRLF lines), or undefined for an id the instance does not offer. */
export function datasetCsv(id: string): { title: string; csv: string } | undefined {
  const dataset = DATASETS.find((d) => d.id === id);
  if (!dataset) return undefined;
  const lines = [dataset.columns, ...dataset.rows()].map((row) => row.map(cell).join(","));
  return { title: dataset.title, csv: `${lines.join("\r\n")}\r\n` };
}
