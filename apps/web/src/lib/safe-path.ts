/** Only a path of this site may follow a sign-in: "/x", never "//host", "/\host" or "https://…". */
export function safePath(value: string | undefined | null): string {
  return value?.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\") ? value : "/";
}
