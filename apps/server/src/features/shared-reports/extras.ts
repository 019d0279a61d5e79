import type {
  TSubmissionsCountries,
  TSubmissionsDevices,
  TSubmissionsTime,
} from "@formloom/core/api/submission-charts";
import type { Db } from "../../db/connect.ts";
import type { Range, ReadableForm } from "../statistics/scope.ts";
import {
  submissionsCountries,
  submissionsDevices,
  submissionsTime,
} from "../statistics/submission-charts.ts";

/** The time to fill, devices and countries of the range, as the form's own chart calls count them. */
export async function chartExtras(
  db: Db,
  form: ReadableForm,
  range: Range,
  zone: string,
): Promise<{ time: TSubmissionsTime; devices: TSubmissionsDevices; countries: TSubmissionsCountries }> {
  const [time, devices, countries] = await Promise.all([
    submissionsTime(db, form, range, zone),
    submissionsDevices(db, form, range),
    submissionsCountries(db, form, range),
  ]);
  return { time, devices, countries };
}
