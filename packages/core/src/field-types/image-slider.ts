import { displayElement } from "./display.ts";

export const imageSlider = displayElement("Image slider", { fieldSettings: { images: [] } }, "image");
