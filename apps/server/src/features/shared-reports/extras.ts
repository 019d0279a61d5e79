import type {
  TSubmissionsCountries,
  TSubmissionsDevices,
  TSubmissionsTime,
} from "@formloom/core/api/shared-reports";
import type { Db } from "../../db/connect.ts";
import type { Range, ReadableForm } from "../statistics/scope.ts";

/** The time to fill, devices and countries of the range, where the server can tell them. */
export async function chartExtras(
  _db: Db,
  _form: ReadableForm,
  _range: Range,
  _zone: string,
): Promise<{
  time: TSubmissionsTime | null;
  devices: TSubmissionsDevices | null;
  countries: TSubmissionsCountries | null;
}> {
  return { time: null, devices: null, countries: null };
}
