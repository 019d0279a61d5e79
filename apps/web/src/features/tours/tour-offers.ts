import type { TourName } from "@formloom/core/api/tours";

/** The tours offered on a page, by its route. */
export function toursFor(routeId: string | undefined): TourName[] {
  if (routeId === "/layout/") return ["dashboard"];
  if (routeId === "/layout/account/forms/all") return ["forms-list"];
  if (routeId === "/layout/account/forms/add_new") {
    return ["create-form-marketing", "create-form-hr", "create-form-education"];
  }
  return [];
}

/** The forms list's tour as the page stands when it starts: with forms or with none. */
export const variantOf = (tour: TourName): TourName =>
  tour === "forms-list" && !document.querySelector('[data-tour="form"]') ? "forms-list-empty" : tour;
