import { createContext, useContext } from "react";

/**
 * Whether the builder only shows the form, because the server says its user may not change it.
 * Its controls are turned off by the panels' disabled fieldset; sections that fold open stay open,
 * since a turned-off fold could no longer be opened to read what is in it.
 */
export const ReadOnlyBuilder = createContext(false);

export const useReadOnlyBuilder = () => useContext(ReadOnlyBuilder);
