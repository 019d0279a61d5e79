import { z } from "zod";
import { distinctCorners, POLYGON_COLORS } from "../interviewer-areas.ts";

/** One corner of an area: a latitude and a longitude on the earth. */
export const ZAreaPoint = z.object({
  lat: z.number().min(-90, "area.point.invalid").max(90, "area.point.invalid"),
  lng: z.number().min(-180, "area.point.invalid").max(180, "area.point.invalid"),
});

/** An area as its editor sends it: a name, one of the nine colours and a polygon of 3 to 500 corners. */
export const ZAreaInput = z.object({
  name: z.string().trim().min(1, "area.name.empty").max(100),
  color: z.enum(POLYGON_COLORS, "area.color.invalid"),
  points: z
    .array(ZAreaPoint)
    .min(3, "area.points.too_few")
    .max(500, "area.points.too_many")
    .refine((points) => distinctCorners(points) >= 3, "area.points.too_few"),
});
export type TAreaInput = z.infer<typeof ZAreaInput>;

export const ZArea = ZAreaInput.extend({
  id: z.number(),
  interviewerId: z.number(),
  updatedAt: z.string(),
});
export type TArea = z.infer<typeof ZArea>;

/** The interviewer a map is about: who they are, for the page's title. */
export const ZInterviewer = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
});

/** The map's tiles: an https address with {z}, {x} and {y}, or null for the plain grid. */
const ZTileUrl = z.string().nullable();

export const ZInterviewerAreas = z.object({
  interviewer: ZInterviewer,
  areas: z.array(ZArea),
  tileUrl: ZTileUrl,
  /** Whether the caller may draw, change and delete the areas (the server decides; the page only hides). */
  canEdit: z.boolean(),
});
export type TInterviewerAreas = z.infer<typeof ZInterviewerAreas>;

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "activity.date.invalid");

/** GET …/activity: the days asked for, both included, in the caller's time zone; today when not given. */
export const ZActivityQuery = z.object({
  from: ZDay.optional(),
  to: ZDay.optional(),
});

/** One submission on the map: where and when it was collected, and whether that was outside the areas. */
export const ZActivityPoint = z.object({
  answerId: z.number(),
  formId: z.number(),
  formTitle: z.string(),
  number: z.number().nullable(),
  submittedAt: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** "answer": a location or map answer of the form; "geo": where the submitter's address is. */
  source: z.enum(["answer", "geo"]),
  outside: z.boolean(),
});
export type TActivityPoint = z.infer<typeof ZActivityPoint>;

export const ZInterviewerActivity = z.object({
  interviewer: ZInterviewer,
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  points: z.array(ZActivityPoint),
  /** Submissions of those days the caller may read that carry no place at all. */
  unplaced: z.number(),
  areas: z.array(ZArea),
  tileUrl: ZTileUrl,
});
export type TInterviewerActivity = z.infer<typeof ZInterviewerActivity>;
