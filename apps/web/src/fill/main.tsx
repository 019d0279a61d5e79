import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { FillApp } from "./fill-app.tsx";
import "./fill.css";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <FillApp />
  </StrictMode>,
);
