import "./frame-height.css";

/**
 * When the public page is framed by another site (the embed script, apps/web/public/embed.js),
 * it tells the frame's owner how tall it is, so an inline frame fits the form without a second
 * scroll bar, and passes on an Escape no control of the form took, so a pop-up can close. The
 * messages go to the framing page's origin where the browser tells it (ancestorOrigins); the
 * height says nothing about the answers, so elsewhere any embedding page may hear it.
 */
export const FRAME_HEIGHT = "formloom:height";
export const FRAME_ESCAPE = "formloom:escape";

function reportWhenFramed(): void {
  if (typeof window === "undefined" || window.parent === window) return;
  const root = document.getElementById("root");
  if (!root) return;
  // The page stops filling the window: its height is its content's, not the frame's.
  document.documentElement.dataset.framed = "";
  // A frame told not to send referrers sees its parent's origin as "null".
  const ancestor = window.location.ancestorOrigins?.[0];
  const parentOrigin = ancestor && ancestor !== "null" ? ancestor : "*";
  const tell = (message: { type: string; height?: number }) =>
    window.parent.postMessage(message, parentOrigin);
  let last = -1;
  const send = () => {
    const height = Math.ceil(root.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    tell({ type: FRAME_HEIGHT, height });
  };
  new ResizeObserver(send).observe(root);
  send();
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !event.defaultPrevented) tell({ type: FRAME_ESCAPE });
  });
}

reportWhenFramed();
