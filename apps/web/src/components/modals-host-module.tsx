import { ModalsProvider } from "@mantine/modals";
import { useEffect } from "react";
import { markModalsHostMounted } from "../lib/confirm-modal.ts";

/** The confirmation dialogs' host: its effect runs after the provider's own, once it listens. */
export default function ModalsHost() {
  useEffect(markModalsHostMounted, []);
  return <ModalsProvider>{null}</ModalsProvider>;
}
