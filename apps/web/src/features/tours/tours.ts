import type { TourName } from "@formloom/core/api/tours";
import { msg } from "../../i18n/i18n.ts";

/** One step: what it points at (a CSS selector; none centres it on the page), its title and text (catalog keys). */
export interface TourStep {
  element?: string;
  title: string;
  text: string;
}

const TOP_BAR: TourStep[] = [
  {
    element: "[data-tour=search]",
    title: msg("Search"),
    text: msg("Find forms, answers, people and pages: type three letters or more."),
  },
  {
    element: "[data-tour=help]",
    title: msg("Help"),
    text: msg("Your team's help pages and links are here."),
  },
];

/** The create-form tour told for one field of work: the same screen, that field's first form. */
const createForm = (intro: string, template: string, set: string): TourStep[] => [
  { title: msg("Create a form"), text: intro },
  {
    element: "main input[type=text]",
    title: msg("Name it"),
    text: msg("Give the form a title people will recognise."),
  },
  {
    element: "main button[type=submit]",
    title: msg("Create"),
    text: msg("Create the form and start adding questions in the builder."),
  },
  { element: `main a[href*="set=${set}"]`, title: msg("Or start from a template"), text: template },
];

/** platform.md §4 "Tours". */
export const TOUR_STEPS: Record<TourName, TourStep[]> = {
  dashboard: [
    {
      title: msg("Welcome to Formloom"),
      text: msg("A short tour of the dashboard. Use the arrow keys to move, Escape to leave."),
    },
    {
      element: ".mantine-AppShell-navbar",
      title: msg("Menu"),
      text: msg("Forms, results, your team and settings are all in the menu."),
    },
    {
      element: "main",
      title: msg("Dashboard"),
      text: msg("Popular actions and your submissions by day are on the dashboard."),
    },
    ...TOP_BAR,
  ],
  "forms-list": [
    {
      element: "main h2",
      title: msg("All forms"),
      text: msg("Every form of your account, with its submissions."),
    },
    { element: "main input", title: msg("Filter"), text: msg("Narrow the list by title, tag or state.") },
    {
      element: "main table tbody tr",
      title: msg("A form"),
      text: msg("Open a form's overview, results or builder from its row."),
    },
    {
      element: 'main a[href="/forms/add_new"]',
      title: msg("New form"),
      text: msg("Create another form here."),
    },
  ],
  "forms-list-empty": [
    {
      element: "main h2",
      title: msg("All forms"),
      text: msg("You have no forms yet: this is where they will be listed."),
    },
    {
      element: 'main a[href="/forms/add_new"]',
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
