import type { TTicketPriority, TTicketStatus, TTicketTopic } from "@formloom/core/api/support";
import { msg } from "../../../i18n/i18n.ts";

/** platform.md §9: the words of a ticket's topics, priorities and statuses (translated when shown). */
export const TOPIC_LABELS: Record<TTicketTopic, string> = {
  general: msg("General"),
  technical_support: msg("Technical support"),
  billing: msg("Billing"),
  legal_and_documents: msg("Legal and documents"),
  gdpr: msg("GDPR"),
  feature_request: msg("Feature request"),
};

export const PRIORITY_LABELS: Record<TTicketPriority, string> = {
  low: msg("Low"),
  normal: msg("Normal"),
  high: msg("High"),
  critical: msg("Critical"),
};

export const STATUS_LABELS: Record<TTicketStatus, string> = {
  new: msg("New"),
  in_progress: msg("In progress"),
  reopened: msg("Reopened"),
  closed: msg("Closed"),
};

export const STATUS_COLOURS: Record<TTicketStatus, string> = {
  new: "blue",
  in_progress: "yellow",
  reopened: "orange",
  closed: "gray",
};

export const PRIORITY_COLOURS: Record<TTicketPriority, string> = {
  low: "gray",
  normal: "blue",
  high: "orange",
  critical: "red",
};
