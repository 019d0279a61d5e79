import type { TourName } from "@formloom/core/api/tours";
import { msg } from "../../i18n/i18n.ts";

/**
 * One step: the element it points at (its `data-tour` mark on the real element; none centres the
 * step on the page), its title and text (catalog keys).
 */
export interface TourStep {
  element?: TourMark;
  title: string;
  text: string;
}

/** The elements the tours point at, each marked `data-tour="<mark>"` where it is drawn. */
export type TourMark =
  | "search"
  | "help"
  | "menu"
  | "popular-actions"
  | "submissions-calendar"
  | "forms-table"
  | "forms-filter"
  | "form"
  | "new-form"
  | "form-title"
  | "create-form"
  | `template-${"marketing" | "hr" | "education"}`;

/** The CSS selector of a mark. */
export const marked = (mark: TourMark) => `[data-tour="${mark}"]`;

const TOP_BAR: TourStep[] = [
  {
    element: "search",
    title: msg("Search"),
    text: msg("Find forms, answers, people and pages: type three letters or more."),
  },
  {
    element: "help",
    title: msg("Help"),
    text: msg("Your team's help pages and links are here."),
  },
];

/** The create-form tour told for one field of work: the same screen, that field's first form. */
const createForm = (intro: string, template: string, set: "marketing" | "hr" | "education"): TourStep[] => [
  { title: msg("Create a form"), text: intro },
  {
    element: "form-title",
    title: msg("Name it"),
    text: msg("Give the form a title people will recognise."),
  },
  {
    element: "create-form",
    title: msg("Create"),
    text: msg("Create the form and start adding questions in the builder."),
  },
  { element: `template-${set}`, title: msg("Or start from a template"), text: template },
];

/** platform.md §4 "Tours". */
export const TOUR_STEPS: Record<TourName, TourStep[]> = {
  dashboard: [
    {
      title: msg("Welcome to Formloom"),
      text: msg("A short tour of the dashboard. Use the arrow keys to move, Escape to leave."),
    },
    {
      element: "menu",
      title: msg("Menu"),
      text: msg("Forms, results, your team and settings are all in the menu."),
    },
    {
      element: "popular-actions",
      title: msg("Dashboard"),
      text: msg("Popular actions and your submissions by day are on the dashboard."),
    },
    {
      element: "submissions-calendar",
      title: msg("Submissions calendar"),
      text: msg("Each day's submissions: choose a day to open them in the results."),
    },
    ...TOP_BAR,
  ],
  "forms-list": [
    {
      element: "forms-table",
      title: msg("All forms"),
      text: msg("Every form of your account, with its submissions."),
    },
    { element: "forms-filter", title: msg("Filter"), text: msg("Narrow the list by title, tag or state.") },
    {
      element: "form",
      title: msg("A form"),
      text: msg("Open a form's overview, results or builder from its row."),
    },
    {
      element: "new-form",
      title: msg("New form"),
      text: msg("Create another form here."),
    },
  ],
  "forms-list-empty": [
    {
      element: "forms-table",
      title: msg("All forms"),
      text: msg("You have no forms yet: this is where they will be listed."),
    },
    {
      element: "new-form",
      title: msg("New form"),
      text: msg("Create your first form here, or import one."),
    },
  ],
  "create-form-marketing": createForm(
    msg("Marketing: collect feedback, leads and NPS from your customers."),
    msg("The marketing templates hold ready customer-feedback and NPS surveys."),
    "marketing",
  ),
  "create-form-hr": createForm(
    msg("HR: run job applications, onboarding and employee surveys."),
    msg("The HR templates hold ready application and engagement forms."),
    "hr",
  ),
  "create-form-education": createForm(
    msg("Education: make quizzes, course feedback and registrations."),
    msg("The education templates hold ready quizzes and course evaluations."),
    "education",
  ),
};
