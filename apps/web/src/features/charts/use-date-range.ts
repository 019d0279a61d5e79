import { useState } from "react";
import { useUser } from "../auth/api/get-user.ts";
import { type DateRange, defaultRange } from "./date-range.ts";

/** The range a chart page starts with: the last 30 days in the user's zone, else the browser's. */
export function useDateRange(): [DateRange, (range: DateRange) => void] {
  const { data: user } = useUser();
  const [range, setRange] = useState<DateRange | null>(null);
  return [range ?? defaultRange(user?.timezone), setRange];
}
