import type { TLegalLinks } from "@formloom/core/api/auth";
import { useQuery } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

/** The terms and privacy policy registration links to; the operator's setting, fixed while the app runs. */
export const useLegalLinks = () =>
  useQuery({
    queryKey: ["legal-links"],
    queryFn: (): Promise<TLegalLinks> => unwrap(client.GET("/api/legal-links")),
    staleTime: Number.POSITIVE_INFINITY,
  });
