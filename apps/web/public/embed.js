/**
 * Formloom's embed script: placed on another site with a snippet from a form's publishing page,
 *
 *   <div data-formloom-form="https://forms.example.com/f/feedback" data-formloom-type="iframe"></div>
 *   <script src="https://forms.example.com/embed.js" async></script>
 *
 * it turns each such element into the form: an inline frame that takes the form's height
 * (data-formloom-type="iframe"), a button that opens the form over the page ("popup_button"), or
 * a tab at the window's edge that slides the form in as a side panel ("panel_widget"). Only
 * forms of the server that served this script are shown, and only that server's frames may size
 * themselves. No framework; safe to include more than once.
 */
(() => {
  const script = document.currentScript;
  if (!script?.src) return;
  const origin = new URL(script.src).origin;
  const HEIGHT = "formloom:height";
  const ESCAPE = "formloom:escape";
  const STYLE_ID = "formloom-embed-style";
  /** Frames that fit their form's height, and the close action of each open pop-up or panel. */
  const fitted = new Set();
  const closers = new Map();
  /** Pop-up dialogs, by their frame: a dialog is as tall as its form, up to most of the window. */
  const dialogs = new Map();

  const CSS = `
.formloom-frame { display: block; width: 100%; border: 0; color-scheme: normal; }
.formloom-button { font: 600 16px/1.2 system-ui, sans-serif; color: #fff; border: 0; border-radius: 8px;
  padding: 12px 20px; min-height: 44px; cursor: pointer; }
.formloom-button:focus-visible, .formloom-close:focus-visible { outline: 3px solid #1c7ed6; outline-offset: 2px; }
.formloom-overlay { position: fixed; inset: 0; z-index: 2147483000; background: rgba(20, 24, 33, 0.55);
  display: flex; align-items: center; justify-content: center; padding: 16px; }
.formloom-dialog { position: relative; width: min(720px, 100%); height: min(90vh, 640px); background: #fff;
  border-radius: 10px; overflow: hidden; box-shadow: 0 12px 40px rgba(0, 0, 0, 0.3); display: flex; flex-direction: column; }
.formloom-bar { display: flex; justify-content: flex-end; padding: 4px; border-bottom: 1px solid #e3e6ec; }
.formloom-close { width: 44px; height: 44px; border: 0; border-radius: 6px; background: transparent;
  font: 28px/1 system-ui, sans-serif; color: #333; cursor: pointer; }
.formloom-close:hover { background: #f1f3f5; }
.formloom-dialog .formloom-frame, .formloom-panel .formloom-frame { flex: 1; height: auto; min-height: 0; }
.formloom-tab { position: fixed; top: 50%; z-index: 2147482999; transform-origin: center;
  border-radius: 8px 8px 0 0; padding: 10px 18px; }
.formloom-tab[data-side="right"] { right: 0; transform: translate(calc(50% - 22px), -50%) rotate(-90deg); }
.formloom-tab[data-side="left"] { left: 0; transform: translate(calc(-50% + 22px), -50%) rotate(90deg); }
.formloom-panel-overlay { justify-content: flex-end; padding: 0; }
.formloom-panel-overlay[data-side="left"] { justify-content: flex-start; }
.formloom-panel { width: min(440px, 100vw); height: 100%; background: #fff; display: flex; flex-direction: column;
  box-shadow: 0 0 40px rgba(0, 0, 0, 0.3); }
@media (prefers-reduced-motion: no-preference) {
  .formloom-panel { animation: formloom-slide 0.2s ease-out; }
  .formloom-panel-overlay[data-side="left"] .formloom-panel { animation-name: formloom-slide-left; }
}
@keyframes formloom-slide { from { transform: translateX(100%); } }
@keyframes formloom-slide-left { from { transform: translateX(-100%); } }`;

  function addStyle() {
    if (document.getElementById(STYLE_ID)) return;
    const style = document.createElement("style");
    style.id = STYLE_ID;
    style.textContent = CSS;
    document.head.appendChild(style);
  }

  function frame(url, title) {
    const iframe = document.createElement("iframe");
    iframe.className = "formloom-frame";
    iframe.src = url;
    iframe.title = title;
    iframe.setAttribute("allow", "camera; microphone; geolocation; clipboard-write");
    return iframe;
  }

  const colour = (value) => (/^#[0-9a-f]{6}$/i.test(value ?? "") ? value : "#3b5bdb");

  function button(element, className) {
    const opener = document.createElement("button");
    opener.type = "button";
    opener.className = className;
    opener.textContent = element.getAttribute("data-formloom-button-text") || "Open the form";
    opener.style.background = colour(element.getAttribute("data-formloom-button-color"));
    opener.setAttribute("aria-haspopup", "dialog");
    return opener;
  }

  /** Opens the form over the page; Escape, the close button or a click beside it closes it. */
  function open(url, title, opener, panelSide) {
    const overlay = document.createElement("div");
    overlay.className = panelSide ? "formloom-overlay formloom-panel-overlay" : "formloom-overlay";
    if (panelSide) overlay.dataset.side = panelSide;
    const box = document.createElement("div");
    box.className = panelSide ? "formloom-panel" : "formloom-dialog";
    box.setAttribute("role", "dialog");
    box.setAttribute("aria-modal", "true");
    box.setAttribute("aria-label", title);
    const bar = document.createElement("div");
    bar.className = "formloom-bar";
    const close = document.createElement("button");
    close.type = "button";
    close.className = "formloom-close";
    close.setAttribute("aria-label", opener.getAttribute("data-close-label") || "Close");
    close.textContent = "×";
    bar.appendChild(close);
    const iframe = frame(url, title);
    box.append(bar, iframe);
    overlay.appendChild(box);
    const overflow = document.documentElement.style.overflow;
    document.documentElement.style.overflow = "hidden";
    document.body.appendChild(overlay);
    // The page behind is out of reach while the form is open: Tab stays in the dialog or panel.
    const behind = [...document.body.children].filter((element) => element !== overlay && !element.inert);
    for (const element of behind) element.inert = true;

    const shut = () => {
      closers.delete(iframe);
      dialogs.delete(iframe);
      document.removeEventListener("keydown", onKey, true);
      overlay.remove();
      for (const element of behind) element.inert = false;
      document.documentElement.style.overflow = overflow;
      opener.setAttribute("aria-expanded", "false");
      opener.focus();
    };
    const onKey = (event) => {
      if (event.key === "Escape") {
        event.preventDefault();
        shut();
      } else if (event.key === "Tab" && document.activeElement === close && event.shiftKey) {
        // Focus stays inside: from the close button backwards goes to the form.
        event.preventDefault();
        iframe.focus();
      }
    };
    close.addEventListener("click", shut);
    overlay.addEventListener("click", (event) => {
      if (event.target === overlay) shut();
    });
    document.addEventListener("keydown", onKey, true);
    closers.set(iframe, shut);
    if (!panelSide) dialogs.set(iframe, box);
    opener.setAttribute("aria-expanded", "true");
    close.focus();
  }

  function setUp(element) {
    if (element.hasAttribute("data-formloom-ready")) return;
    let url;
    try {
      url = new URL(element.getAttribute("data-formloom-form") ?? "", origin);
    } catch {
      return;
    }
    if (url.origin !== origin || !url.pathname.startsWith("/f/")) return;
    element.setAttribute("data-formloom-ready", "");
    addStyle();
    const type = element.getAttribute("data-formloom-type") || "iframe";
    const title = element.getAttribute("data-formloom-title") || "Form";
    if (type === "popup_button" || type === "panel_widget") {
      const panelSide =
        type === "panel_widget"
          ? element.getAttribute("data-formloom-side") === "left"
            ? "left"
            : "right"
          : "";
      const opener = button(element, panelSide ? "formloom-button formloom-tab" : "formloom-button");
      if (panelSide) opener.dataset.side = panelSide;
      const closeLabel = element.getAttribute("data-formloom-close-label");
      if (closeLabel) opener.setAttribute("data-close-label", closeLabel);
      opener.setAttribute("aria-expanded", "false");
      opener.addEventListener("click", () => open(url.href, title, opener, panelSide));
      element.appendChild(opener);
      return;
    }
    const iframe = frame(url.href, title);
    const height = Number(element.getAttribute("data-formloom-height"));
    iframe.style.height = `${height >= 200 && height <= 3000 ? height : 600}px`;
    fitted.add(iframe);
    element.appendChild(iframe);
  }

  window.addEventListener("message", (event) => {
    if (event.origin !== origin) return;
    const data = event.data;
    if (!data || typeof data !== "object") return;
    if (data.type === HEIGHT && Number.isFinite(data.height) && data.height > 0) {
      const height = Math.min(Math.ceil(data.height), 20000);
      for (const iframe of fitted)
        if (iframe.contentWindow === event.source) iframe.style.height = `${height}px`;
      for (const [iframe, box] of dialogs) {
        const bar = box.firstElementChild?.getBoundingClientRect().height ?? 0;
        if (iframe.contentWindow === event.source)
          box.style.height = `min(90vh, ${Math.ceil(height + bar)}px)`;
      }
    } else if (data.type === ESCAPE) {
      for (const [iframe, shut] of closers) if (iframe.contentWindow === event.source) shut();
    }
  });

  const scan = () => {
    for (const element of document.querySelectorAll("[data-formloom-form]")) setUp(element);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", scan);
  else scan();
})();
