/** The stored sign-in: tokens in local storage, as the spec's HTTP client expects. */
const TOKEN_KEY = "formloom.token";
const REFRESH_KEY = "formloom.refresh_token";

export const session = {
  token: (): string | null => localStorage.getItem(TOKEN_KEY),
  refreshToken: (): string | null => localStorage.getItem(REFRESH_KEY),
  store(tokens: { token: string; refresh_token: string }): void {
    localStorage.setItem(TOKEN_KEY, tokens.token);
    localStorage.setItem(REFRESH_KEY, tokens.refresh_token);
  },
  clear(): void {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(REFRESH_KEY);
  },
};
