import type { TLegalLinks } from "@formloom/core/api/auth";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** The terms and privacy policy registration links to; the operator's setting, fixed while the app runs. */
export const useLegalLinks = () =>
  useQuery({
    queryKey: ["legal-links"],
    queryFn: () => api<TLegalLinks>("GET", "/legal-links"),
    staleTime: Number.POSITIVE_INFINITY,
  });
