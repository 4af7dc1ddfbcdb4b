/** The path of a link given whole (`https://host/api/...`) or from the root (`/api/...`); "" if neither. */
export const urlPath = (url: string): string => {
  if (url.startsWith("/")) return url.split(/[?#]/)[0] ?? ""
  try {
    return new URL(url).pathname
  } catch {
    return ""
  }
}
