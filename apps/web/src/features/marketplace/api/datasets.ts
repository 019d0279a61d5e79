import type { TDataset } from "@formloom/core/api/billing";
import { useQuery } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

/** The instance's sample data sets; a failure to load them is only logged (platform.md §8). */
export const useDatasets = () =>
  useQuery({
    queryKey: ["marketplace", "datasets"],
    queryFn: (): Promise<{ datasets: TDataset[] }> =>
      unwrap(client.GET("/api/marketplace/datasets")).catch((error: unknown) => {
        console.error("The marketplace's data sets could not be loaded", error);
        return { datasets: [] };
      }),
    staleTime: 5 * 60_000,
  });

/** A data set's CSV, read through the signed-in client and handed to the browser to save. */
export async function downloadDataset(id: string): Promise<void> {
  const blob = await unwrap(
    client.GET("/api/marketplace/datasets/{id}", { params: { path: { id } }, parseAs: "blob" }),
  );
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `${id}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
