import { displayElement } from "./display.ts";

export const imagePromo = displayElement("Image", { fieldSettings: { images: [] } }, "image");
