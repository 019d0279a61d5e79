import { z } from "zod";

/**
 * platform.md §4 "Tours": the dashboard, the forms list (with forms or with none), and creating a
 * form, chosen from Marketing, HR or Education.
 */
export const TOURS = [
  "dashboard",
  "forms-list",
  "forms-list-empty",
  "create-form-marketing",
  "create-form-hr",
  "create-form-education",
] as const;
export type TourName = (typeof TOURS)[number];

export const ZTourParams = z.object({ tour: z.enum(TOURS) });
/** The tours the user finished or skipped: not offered again unless asked for. */
export const ZToursSeen = z.object({ seen: z.array(z.enum(TOURS)) });
export type TToursSeen = z.infer<typeof ZToursSeen>;
