/** The tabs of user/settings; the route checks the `tab` search parameter against them. */
export const SETTINGS_TABS = ["general", "password", "clear_cache"] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];
