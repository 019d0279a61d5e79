import "@mantine/notifications/styles.css";
import { Notifications } from "@mantine/notifications";

/** Below the content, so a message never covers the user menu or the bell. */
export default function ToastHost() {
  return <Notifications position="bottom-right" />;
}
